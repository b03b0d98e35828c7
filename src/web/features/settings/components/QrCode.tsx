/**
 * A QR code of `value`, drawn as one SVG path from the modules `uqr` computes: no markup from a string, so
 * nothing to sanitize and nothing the content security policy has to allow.
 */
import { encode } from 'uqr';

/** The SVG path of the dark modules, one 1x1 square each, in module units. */
function darkModulesPath(modules: boolean[][]): string {
  const squares: string[] = [];
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) squares.push(`M${x} ${y}h1v1h-1z`);
    }),
  );
  return squares.join('');
}

export function QrCode({ value, label, size = 176 }: { value: string; label: string; size?: number }) {
  // ECC level M, with the four-module quiet zone readers need around the code.
  const { data, size: modules } = encode(value, { ecc: 'M', border: 4 });
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      style={{ background: '#fff', display: 'block' }}
    >
      <path d={darkModulesPath(data)} fill="#000" />
    </svg>
  );
}
