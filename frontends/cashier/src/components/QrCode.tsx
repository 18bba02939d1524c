import { useEffect, useState } from 'react';

/** Dark modules of a QR matrix as one SVG path ("M x y h1 v1 h-1 z" per module). */
export function qrPath(matrix: boolean[][]): string {
  let d = '';
  matrix.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return d;
}

/**
 * QR code of `text`. The encoder (@paulmillr/qr, ~7 KB gzip) is a lazy chunk:
 * only a player looking at a crypto address downloads it.
 */
export function QrCode({ text, label, size = 176 }: { text: string; label: string; size?: number }) {
  const [matrix, setMatrix] = useState<boolean[][] | null>(null);
  useEffect(() => {
    let live = true;
    setMatrix(null);
    import(/* webpackChunkName: "qr" */ '@paulmillr/qr').then(
      ({ default: encodeQR }) => {
        if (live) setMatrix(encodeQR(text, 'raw', { ecc: 'medium', border: 2 }));
      },
      (e: unknown) => console.warn('[cashier] QR encoder failed to load', e),
    );
    return () => {
      live = false;
    };
  }, [text]);
  if (!matrix) return <div style={{ width: size, height: size }} aria-hidden="true" />;
  const n = matrix.length;
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${n} ${n}`} shapeRendering="crispEdges" data-testid="crypto-qr">
      <rect width={n} height={n} fill="#fff" />
      <path d={qrPath(matrix)} fill="#000" />
    </svg>
  );
}
