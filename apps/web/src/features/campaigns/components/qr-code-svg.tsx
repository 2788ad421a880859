import QRCode from 'qrcode';
import { useMemo } from 'react';

/** Error correction and quiet zone of every code the campaigns draw, on screen, on paper and in files. */
export const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 4 } as const;

/**
 * The SVG path of a code's dark modules, one rectangle per horizontal run, shifted by the quiet zone:
 * vector, so a printer draws sharp modules at any size.
 */
function modulesPath(text: string): { path: string; size: number } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: QR_OPTIONS.errorCorrectionLevel });
  const margin = QR_OPTIONS.margin;
  let path = '';
  for (let row = 0; row < modules.size; row += 1) {
    let column = 0;
    while (column < modules.size) {
      if (!modules.data[row * modules.size + column]) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < modules.size && modules.data[row * modules.size + column]) column += 1;
      path += `M${start + margin} ${row + margin}h${column - start}v1h${start - column}z`;
    }
  }
  return { path, size: modules.size + 2 * margin };
}

type QrCodeSvgProps = { text: string; label: string; className?: string };

/** A QR code as an inline SVG image with the standard 4-module quiet zone. */
export function QrCodeSvg({ text, label, className }: QrCodeSvgProps) {
  const { path, size } = useMemo(() => modulesPath(text), [text]);
  return (
    <svg
      className={className}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
