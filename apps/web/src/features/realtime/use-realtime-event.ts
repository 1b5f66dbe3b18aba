import { useEffect, useRef } from 'react';
import { type RealtimeEvent, realtimeBus } from './realtime-events';

/** Calls `handler` for every live event while the component is mounted (latest handler, no resubscribe). */
export function useRealtimeEvent(handler: (event: RealtimeEvent) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => realtimeBus.subscribe((event) => latest.current(event)), []);
}
