import { useTheme } from 'styled-components';

export type ResultTone = 'success' | 'failed' | 'pending' | 'return' | 'cancel' | 'secure';

// Inline SVG, not emoji: a browser without an emoji font (headless Chromium on Debian) draws empty boxes.
const PATHS: Record<ResultTone, string> = {
  success: 'M7 12.5l3.2 3.2L17 9',
  failed: 'M8.5 8.5l7 7M15.5 8.5l-7 7',
  pending: 'M12 7v5l3.5 2',
  return: 'M9 8l-3.5 3.5L9 15M6 11.5h7.5a4 4 0 010 8H11',
  cancel: 'M7.5 16.5l9-9',
  secure: 'M12 4.5l6 2.2v4.6c0 3.9-2.6 6.6-6 7.9-3.4-1.3-6-4-6-7.9V6.7zM9.2 11.8l2 2 3.8-3.9',
};

/** The round status icon of a deposit result modal. */
export function ResultIcon({ tone }: { tone: ResultTone }) {
  const { colors } = useTheme();
  const color = { success: colors.success, secure: colors.success, failed: colors.danger, cancel: colors.danger, pending: colors.warning, return: colors.warning }[tone];
  return (
    <svg width="64" height="64" viewBox="0 0 24 24" aria-hidden="true" data-icon={tone}>
      {tone !== 'secure' && <circle cx="12" cy="12" r="10" fill="none" stroke={color} strokeWidth="1.5" />}
      <path d={PATHS[tone]} fill="none" stroke={color} strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
