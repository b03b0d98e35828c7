/**
 * @jest-environment node
 */
import { palette, theme } from '../../../src/web/components/theme';
import { darkTheme } from '../../../src/web/features/pricing/dark-theme';
import { contrastRatio } from '../../../src/web/lib/contrast';

// docs/product.md#accessibility, WCAG 2.2 AA 1.4.3 and 1.4.11: a colour change that breaks contrast fails here, before any
// browser test. Text needs 4.5:1 on the backgrounds it sits on, UI parts and the focus ring 3:1.

const TEXT = 4.5;

/** `colour` laid over `background` at `opacity` (#rrggbb in and out). */
function overlay(colour: string, opacity: number, background: string): string {
  const channels = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  const [top, bottom] = [channels(colour), channels(background)];
  return `#${top
    .map((value, i) => Math.round(value * opacity + bottom[i]! * (1 - opacity)))
    .map((value) => value.toString(16).padStart(2, '0'))
    .join('')}`;
}
const UI = 3;

describe('the contrast ratio', () => {
  test('matches WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    // A translucent text colour is laid over its background first.
    expect(contrastRatio('rgba(0, 0, 0, 0.38)', '#ffffff')).toBeCloseTo(2.68, 2);
  });
});

describe('the light palette', () => {
  const backgrounds = { page: palette.background.default, card: palette.background.paper };

  test.each(Object.entries(backgrounds))(
    'text colours read at 4.5:1 on the %s background',
    (_, background) => {
      for (const text of [palette.text.primary, palette.text.secondary]) {
        expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(TEXT);
      }
    },
  );

  const colours = ['primary', 'secondary', 'warning', 'info', 'success', 'error'] as const;

  test.each(colours)(
    '%s reads at 4.5:1 as text on both backgrounds and carries its contrast text',
    (name) => {
      const main = theme.palette[name].main;
      expect(contrastRatio(main, backgrounds.page)).toBeGreaterThanOrEqual(TEXT);
      expect(contrastRatio(main, backgrounds.card)).toBeGreaterThanOrEqual(TEXT);
      // Filled buttons and chips (the Pro chip is secondary) write contrastText on main.
      expect(contrastRatio(theme.palette[name].contrastText, main)).toBeGreaterThanOrEqual(TEXT);
    },
  );

  test.each(colours)('%s reads at 4.5:1 as a text button on its own hover and focus tint', (name) => {
    // A text button ('Remove from Organization' on the member edit page) fills with its colour at hoverOpacity when hovered or focused.
    const main = theme.palette[name].main;
    const opacity = theme.palette.action.hoverOpacity;
    for (const background of Object.values(backgrounds)) {
      expect(contrastRatio(main, overlay(main, opacity, background))).toBeGreaterThanOrEqual(TEXT);
    }
  });

  test('the focus ring stands out at 3:1 from the page and the cards', () => {
    expect(contrastRatio(palette.primary.main, backgrounds.page)).toBeGreaterThanOrEqual(UI);
    expect(contrastRatio(palette.primary.main, backgrounds.card)).toBeGreaterThanOrEqual(UI);
  });
});

describe('the dark palette of /pricing?dark_mode', () => {
  const { background, text, primary, secondary } = darkTheme.palette;

  test('text, links and the focus ring read on the dark backgrounds', () => {
    for (const back of [background.default, background.paper]) {
      expect(contrastRatio(text.primary, back)).toBeGreaterThanOrEqual(TEXT);
      expect(contrastRatio(text.secondary, back)).toBeGreaterThanOrEqual(TEXT);
      expect(contrastRatio(primary.main, back)).toBeGreaterThanOrEqual(TEXT);
      expect(contrastRatio(secondary.main, back)).toBeGreaterThanOrEqual(TEXT);
    }
    expect(contrastRatio(primary.contrastText, primary.main)).toBeGreaterThanOrEqual(TEXT);
  });
});
