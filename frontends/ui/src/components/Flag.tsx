import styled from 'styled-components';

/**
 * A country's flag as an image from the site's flag set (flag-icons, served
 * by the BFF as /api/core/casino/assets/flags/<code>.svg; scripts/flags.mjs).
 * Decorative: the country's name or code is always written next to it, so
 * the image has an empty alt. Loaded lazily, with its size reserved.
 */
export function flagUrl(code: string | null | undefined): string | null {
  return code && /^[A-Za-z]{2}$/.test(code) ? `/api/core/casino/assets/flags/${code.toLowerCase()}.svg` : null;
}

const Img = styled.img`
  display: inline-block;
  flex: none;
  width: 20px;
  height: 15px;
  border-radius: 2px;
  object-fit: cover;
  box-shadow: 0 0 0 1px rgb(0 0 0 / 0.25);
`;

export interface FlagProps {
  code: string | null | undefined;
  className?: string;
}

export function Flag({ code, className }: FlagProps) {
  const src = flagUrl(code);
  if (!src) return null;
  return <Img className={className} src={src} width={20} height={15} alt="" loading="lazy" decoding="async" data-flag={code!.toUpperCase()} />;
}
