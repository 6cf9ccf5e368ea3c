import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';

/** A call that reads one record, with its query key (a call of a typed client). */
interface RecordCall<Args, A> {
  (args: Args): Promise<A>;
  key(args: Args): readonly unknown[];
}

/**
 * An editor screen's record: the one `?id=` names (null: none, a new one is made) and its stored value,
 * read with `call` and `args(id)` once one is named.
 */
export function useEditedRecord<Args, A>(call: RecordCall<Args, A>, args: (id: number) => Args) {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const stored = useQuery({ queryKey: call.key(args(id ?? 0)), queryFn: () => call(args(id!)), enabled: id !== null });
  return { id, stored };
}
