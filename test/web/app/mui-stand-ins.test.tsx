/**
 * The stand-ins the build puts in place of MUI modules no first paint draws (webpack.config.js,
 * docs/performance.md#size-budgets): they behave as the modules they replace once their code has arrived,
 * and the app's themes never reach the CSS-variables theming that is left out. The text field's label is
 * drawn as MUI's in every state, the icon button as MUI's in the sizes and edges the app uses, and the
 * icons as MUI's SvgIcon draws them.
 */
import type { TouchRippleActions } from '@mui/material/ButtonBase/TouchRipple';
import FormControl, { type FormControlProps } from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { ThemeProvider } from '@mui/material/styles';
import { createSvgIcon } from '@mui/material/utils';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createRef, type ComponentType, type ReactNode } from 'react';
import LazyAlert from '../../../src/web/components/LazyAlert';
import LazySpinner from '../../../src/web/components/LazySpinner';
import LazyTouchRipple from '../../../src/web/components/LazyTouchRipple';
import createLightSvgIcon from '../../../src/web/components/LightSvgIcon';
import OutlinedLabel from '../../../src/web/components/OutlinedLabel';
import PlainIconButton from '../../../src/web/components/PlainIconButton';
import { theme } from '../../../src/web/components/theme';
import { darkTheme } from '../../../src/web/features/pricing/dark-theme';

test('a press made before the ripple has loaded is drawn once it has', async () => {
  const ripple = createRef<TouchRippleActions>();
  const { container } = render(
    <button type="button">
      Save
      <LazyTouchRipple ref={ripple} />
    </button>,
  );
  // ButtonBase calls the ripple as soon as it is mounted, before its code can have arrived.
  act(() => ripple.current!.start(undefined, { center: true }));
  expect(container.querySelector('.MuiTouchRipple-ripple')).toBeNull();
  await screen.findByText('Save');
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  expect(await findRipple(container)).not.toBeNull();
});

async function findRipple(container: HTMLElement): Promise<Element | null> {
  for (let tries = 0; tries < 50; tries++) {
    const found = container.querySelector('.MuiTouchRipple-ripple');
    if (found) return found;
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
  return null;
}

test('a busy spinner keeps its name and size while its code loads, then is MUI’s', async () => {
  render(<LazySpinner size={16} aria-label="Loading" />);
  const placeholder = screen.getByRole('progressbar', { name: 'Loading' });
  expect(placeholder).toHaveStyle({ width: '16px', height: '16px' });
  const spinner = await screen.findByRole('progressbar', { name: 'Loading' }, { timeout: 5000 });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  expect(screen.getByRole('progressbar', { name: 'Loading' })).toHaveClass('MuiCircularProgress-root');
  expect(spinner).toBeDefined();
});

test('an alert shown before MUI’s code arrives stays plain, with its role, text and controls; later ones are MUI’s', async () => {
  const closed = jest.fn();
  render(
    <LazyAlert severity="error" onClose={closed}>
      Failed to save
    </LazyAlert>,
  );
  // Before its code has arrived: the same role, text and close button.
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent('Failed to save');
  const close = screen.getByRole('button', { name: 'Close' });
  close.focus();
  close.click();
  expect(closed).toHaveBeenCalledTimes(1);
  // Once the code is there, an alert shown next is MUI's...
  await waitFor(() => {
    const next = render(<LazyAlert severity="success">Saved</LazyAlert>);
    const isMui = screen.getByText('Saved').closest('[role="alert"]')!.classList.contains('MuiAlert-root');
    next.unmount();
    expect(isMui).toBe(true);
  });
  // ...and the one on screen was not swapped: its button kept the focus (docs/product.md#accessibility).
  expect(screen.getByRole('alert')).toBe(alert);
  expect(close).toHaveFocus();
});

test.each([
  ['app', theme],
  ['pricing dark', darkTheme],
])('the %s theme is a plain one, so ThemeProvider never takes the CSS-variables path', (_name, built) => {
  expect('colorSchemes' in built).toBe(false);
  expect('vars' in built && built.vars).toBeFalsy();
});

type LabelComponent = ComponentType<{ htmlFor: string; id: string; children: ReactNode }>;

/** What the eye and the input's placeholder rule (`label[data-shrink=false] + ...`) see of a field's label. */
const LABEL_STYLES = [
  'color',
  'transform',
  'transform-origin',
  'max-width',
  'position',
  'left',
  'top',
  'z-index',
  'display',
  'font-family',
  'font-size',
  'font-weight',
  'line-height',
  'letter-spacing',
  'padding',
  'white-space',
  'overflow',
  'text-overflow',
  'pointer-events',
  'user-select',
  'transition',
];

function drawnLabel(Label: LabelComponent, field: FormControlProps, value: string) {
  const { container, unmount } = render(
    <ThemeProvider theme={theme}>
      <FormControl {...field}>
        <Label htmlFor="email" id="email-label">
          Email
        </Label>
        <OutlinedInput id="email" label="Email" value={value} onChange={() => undefined} />
      </FormControl>
    </ThemeProvider>,
  );
  const label = container.querySelector('label')!;
  const style = getComputedStyle(label);
  const drawn = {
    next: label.nextElementSibling?.className.includes('MuiInputBase-formControl'),
    // As a set: MUI names InputLabel's classes twice (once for InputLabel, once passed on to FormLabel).
    classes: [...new Set(label.className.split(' ').filter((name) => name.startsWith('Mui')))].sort(),
    shrink: label.getAttribute('data-shrink'),
    text: label.textContent,
    asterisk: label
      .querySelector('span')
      ?.className.split(' ')
      .filter((name) => name.startsWith('Mui'))
      .sort(),
    style: Object.fromEntries(LABEL_STYLES.map((name) => [name, style.getPropertyValue(name)])),
  };
  unmount();
  return drawn;
}

test.each<[string, FormControlProps, string]>([
  ['empty', {}, ''],
  ['with a value', {}, 'ada@example.com'],
  ['focused', { focused: true }, ''],
  ['small', { size: 'small' }, ''],
  ['small, with a value', { size: 'small' }, 'ada@example.com'],
  ['in error', { error: true }, 'ada'],
  ['disabled', { disabled: true }, ''],
  ['required', { required: true }, ''],
  ['required, in error and focused', { required: true, error: true, focused: true }, ''],
])('the text field’s label is drawn as MUI’s InputLabel: %s', (_state, field, value) => {
  const ours = drawnLabel(OutlinedLabel, field, value);
  expect(ours).toEqual(drawnLabel(InputLabel, field, value));
  expect(ours.style.color).not.toBe('');
});

const BUTTON_STYLES = [
  'color',
  'background-color',
  'font-size',
  'padding',
  'margin-left',
  'margin-right',
  'border-radius',
  'text-align',
  'flex',
  'transition',
  'display',
  'position',
  'cursor',
  '--IconButton-hoverBg',
];

type IconButtonLike = typeof PlainIconButton;

function drawnButton(Button: IconButtonLike, props: Parameters<IconButtonLike>[0]) {
  const { unmount } = render(
    <ThemeProvider theme={theme}>
      <Button aria-label="Show password" {...props}>
        <svg />
      </Button>
    </ThemeProvider>,
  );
  const button = screen.getByRole('button', { name: 'Show password', hidden: true });
  const style = getComputedStyle(button);
  const drawn = {
    tag: button.tagName,
    type: button.getAttribute('type'),
    tabIndex: button.tabIndex,
    disabled: (button as HTMLButtonElement).disabled,
    classes: button.className
      .split(' ')
      .filter((name) => name.startsWith('Mui'))
      .sort(),
    style: Object.fromEntries(BUTTON_STYLES.map((name) => [name, style.getPropertyValue(name)])),
  };
  unmount();
  return drawn;
}

test.each<[string, Parameters<IconButtonLike>[0]]>([
  ['medium, at the end', { edge: 'end' }],
  ['small, at the end', { edge: 'end', size: 'small' }],
  ['at the start', { edge: 'start' }],
  ['small, at the start', { edge: 'start', size: 'small' }],
  ['disabled', { disabled: true }],
])('the icon button is drawn as MUI’s IconButton: %s', (_state, props) => {
  const ours = drawnButton(PlainIconButton, props);
  expect(ours).toEqual(drawnButton(IconButton as unknown as IconButtonLike, props));
  expect(ours.style['font-size']).not.toBe('');
});

const ICON_STYLES = [
  'color',
  'fill',
  'font-size',
  'width',
  'height',
  'display',
  'flex-shrink',
  'user-select',
  'transition',
];

const iconPath = <path d="M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z" />;
const LightIcon = createLightSvgIcon(iconPath, 'Check');
const MuiIcon = createSvgIcon(iconPath, 'Check') as unknown as typeof LightIcon;

function drawnIcon(Icon: typeof LightIcon, props: Parameters<typeof LightIcon>[0]) {
  const { container, unmount } = render(
    <ThemeProvider theme={theme}>
      <Icon {...props} />
    </ThemeProvider>,
  );
  const svg = container.querySelector('svg')!;
  const style = getComputedStyle(svg);
  const attributes = [...svg.attributes]
    // MUI names its icons for tests in development builds only; the class is the styles', compared below.
    .filter(({ name }) => name !== 'data-testid' && name !== 'class')
    .map(({ name, value }) => `${name}=${value}`)
    .sort();
  const drawn = {
    attributes,
    classes: (svg.getAttribute('class') ?? '')
      .split(' ')
      .filter((name) => name.startsWith('Mui'))
      .sort(),
    content: svg.innerHTML,
    style: Object.fromEntries(ICON_STYLES.map((name) => [name, style.getPropertyValue(name)])),
  };
  unmount();
  return drawn;
}

test.each<[string, Parameters<typeof LightIcon>[0]]>([
  ['as drawn by default', {}],
  ['small, in the action colour', { fontSize: 'small', color: 'action' }],
  ['with a title, in a palette colour', { fontSize: 'small', color: 'success', titleAccess: 'Included' }],
  ['sized by sx, hidden', { color: 'success', sx: { fontSize: 48 }, 'aria-hidden': true }],
  ['inheriting its size, in a given colour', { fontSize: 'inherit', htmlColor: '#123456', className: 'own' }],
])('an icon is drawn as MUI’s SvgIcon draws it: %s', (_case, props) => {
  const ours = drawnIcon(LightIcon, props);
  expect(ours).toEqual(drawnIcon(MuiIcon, props));
  expect(ours.style['font-size']).not.toBe('');
});
