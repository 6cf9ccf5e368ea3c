import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './errors';

/** Server state lives here; a 4xx is an answer, not a hiccup, so only network failures retry. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) => count < 1 && isApiError(error) && error.status === 0,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});
