import { useMutation } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useState } from 'react';
import { failureText } from '../../api/report';

/**
 * A call a card makes when the user asks (read now, read the runtime, register lamps) and whose failure the
 * card says itself, in the server's words (offline, silent device): the mutation, and the failure's alert
 * while there is one.
 */
export function useCardCall<A, V = void>(call: (variables: V) => Promise<A>, onSuccess?: (answer: A) => void) {
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: call,
    onMutate: () => setFailure(null),
    onSuccess: (answer) => onSuccess?.(answer),
    onError: (error) => setFailure(failureText(error)),
  });
  return { mutation, failure: failure && <Alert type="error" showIcon title={failure} /> };
}
