import { useEffect, useRef } from 'react';
import { readConnectionDataEvent, type Credentials } from '../lib/connection-data';

const CONNECTION_DATA_EVENT = 'connectionData';

/**
 * Calls `onData` whenever the browser extension dispatches its `connectionData` document event with an
 * OAuth token or API keys (docs/product.md#kept-in-the-browser). Events without credentials are ignored. Stops listening on unmount.
 */
export function useConnectionDataEvent(onData: (credentials: Credentials) => void): void {
  // The latest callback, so a re-render does not remove and re-add the listener (an event dispatched
  // in between would be lost).
  const onDataRef = useRef(onData);
  useEffect(() => {
    onDataRef.current = onData;
  });

  useEffect(() => {
    const listener = (event: Event) => {
      const credentials = readConnectionDataEvent(event);
      if (credentials) onDataRef.current(credentials);
    };
    document.addEventListener(CONNECTION_DATA_EVENT, listener);
    return () => document.removeEventListener(CONNECTION_DATA_EVENT, listener);
  }, []);
}
