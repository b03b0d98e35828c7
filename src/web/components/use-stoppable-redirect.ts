/**
 * A redirect the product makes after a few seconds (docs/product.md#constants-and-limits), counted down on screen second
 * by second, which the user can stop (WCAG 2.2.1 Timing Adjustable: nobody is moved on before they have read
 * the page if they do not want to be).
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';

export interface StoppableRedirect {
  secondsLeft: number;
  stopped: boolean;
  stop(): void;
}

export function useStoppableRedirect(seconds: number, to: string): StoppableRedirect {
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(seconds);
  const [stopped, setStopped] = useState(false);
  useEffect(() => {
    if (stopped) return;
    const timer = window.setInterval(() => setSecondsLeft((left) => Math.max(0, left - 1)), 1000);
    return () => window.clearInterval(timer);
  }, [stopped]);
  useEffect(() => {
    if (!stopped && secondsLeft === 0) void navigate(to, { replace: true });
  }, [navigate, secondsLeft, stopped, to]);
  return { secondsLeft, stopped, stop: () => setStopped(true) };
}
