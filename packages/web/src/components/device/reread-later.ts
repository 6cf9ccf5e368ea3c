import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/** How long after a device answers or reports its stored report is there to read (reports are written in batches). */
export const REPORT_WRITTEN_MS = 2000;

/**
 * Reads a query again a moment later (a device's stored report, once it is written): each call puts off
 * the one before; none is left pending when the page closes.
 */
export function useRereadLater(queryKey: QueryKey, ms = REPORT_WRITTEN_MS): () => void {
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void client.invalidateQueries({ queryKey }), ms);
  };
}
