/**
 * The stand-ins the build puts in place of MUI modules no first paint draws (webpack.config.js,
 * docs/performance.md#size-budgets): they behave as the modules they replace once their code has arrived,
 * and the app's themes never reach the CSS-variables theming that is left out.
 */
import type { TouchRippleActions } from '@mui/material/ButtonBase/TouchRipple';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import LazyAlert from '../../../src/web/components/LazyAlert';
import LazySpinner from '../../../src/web/components/LazySpinner';
import LazyTouchRipple from '../../../src/web/components/LazyTouchRipple';
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
