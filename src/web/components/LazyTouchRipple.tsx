/**
 * Stands in for MUI's TouchRipple inside ButtonBase in the build (webpack.config.js): the ripple is drawn
 * only after a first press, so its code (and react-transition-group's TransitionGroup) loads then, not in
 * the first load of every page with a button (docs/performance.md#size-budgets). ButtonBase mounts its
 * ripple on the first press and drives it through a ref (start, stop, pulsate): calls made before the
 * ripple's code has arrived are played to it, in order, once it has.
 */
import {
  forwardRef,
  lazy,
  Suspense,
  useCallback,
  useImperativeHandle,
  useRef,
  type ComponentType,
  type RefAttributes,
} from 'react';
import type { TouchRippleActions, TouchRippleProps } from '@mui/material/ButtonBase/TouchRipple';

// MUI's declarations type the default export as a render function; at run time it is the component.
type TouchRippleComponent = ComponentType<TouchRippleProps & RefAttributes<TouchRippleActions>>;

const TouchRipple = lazy(
  () =>
    import(/* webpackChunkName: "touch-ripple" */ '@mui/material/ButtonBase/TouchRipple') as Promise<{
      default: TouchRippleComponent;
    }>,
);

type Call = (ripple: TouchRippleActions) => void;

const LazyTouchRipple = forwardRef<TouchRippleActions, TouchRippleProps>(
  function LazyTouchRipple(props, ref) {
    const ripple = useRef<TouchRippleActions | null>(null);
    const waiting = useRef<Call[]>([]);
    useImperativeHandle(ref, () => {
      const call =
        <K extends keyof TouchRippleActions>(name: K) =>
        (...args: Parameters<TouchRippleActions[K]>) => {
          const play: Call = (target) => (target[name] as (...a: unknown[]) => void).apply(target, args);
          if (ripple.current) play(ripple.current);
          else waiting.current.push(play);
        };
      return { start: call('start'), stop: call('stop'), pulsate: call('pulsate') };
    }, []);
    const arrived = useCallback((loaded: TouchRippleActions | null) => {
      ripple.current = loaded;
      if (loaded) for (const play of waiting.current.splice(0)) play(loaded);
    }, []);
    return (
      <Suspense fallback={null}>
        <TouchRipple ref={arrived} {...props} />
      </Suspense>
    );
  },
);

export default LazyTouchRipple;
