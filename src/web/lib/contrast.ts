/**
 * WCAG 2.x contrast ratio of two colours (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio), for the
 * palette's own test: text needs 4.5:1 against its background, UI parts and the focus ring 3:1.
 * Accepts #rgb, #rrggbb and rgb()/rgba(); a translucent colour is laid over the background first.
 */
type Rgba = [number, number, number, number];

function parse(colour: string): Rgba {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim());
  if (hex) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((d) => d + d).join('') : hex[1];
    return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)).concat(1) as Rgba;
  }
  const rgb = /^rgba?\(([^)]+)\)$/i.exec(colour.trim());
  if (rgb) {
    const [r, g, b, a = '1'] = rgb[1].split(',').map((part) => part.trim());
    return [Number(r), Number(g), Number(b), Number(a)];
  }
  throw new Error(`Not a colour this check reads: ${colour}`);
}

function over([r, g, b, a]: Rgba, [br, bg, bb]: Rgba): Rgba {
  return [r * a + br * (1 - a), g * a + bg * (1 - a), b * a + bb * (1 - a), 1];
}

function luminance([r, g, b]: Rgba): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The contrast ratio (1 to 21) of `foreground` drawn on the opaque `background`. */
export function contrastRatio(foreground: string, background: string): number {
  const back = parse(background);
  const front = over(parse(foreground), back);
  const [light, dark] = [luminance(front), luminance(back)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}
