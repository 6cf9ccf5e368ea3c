import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useFeedback } from '../../app/feedback';

/**
 * Delete with confirmation: one row by `DELETE base/{id}`, several by `DELETE base?ids=`; on success a
 * message, then `onDeleted` (clear the selection, refresh the list). The confirmation says what the
 * delete means: the resource's rule and consequence (crud.deleteConsequence_<resource>) when it has one,
 * else that it cannot be undone.
 */
export function useDeleteRows(base: string, onDeleted: () => unknown, resource?: string) {
  const { t, i18n } = useTranslation();
  const { message, confirm } = useFeedback();
  const remove = useMutation({
    mutationFn: (ids: number[]) =>
      ids.length === 1 ? api.delete(`${base}/${ids[0]}`) : api.delete(base, { ids: ids.join(',') }),
    onSuccess: () => {
      message.success(t('common.deleted'));
      return onDeleted();
    },
  });
  return (ids: number[]) =>
    confirm({
      title: ids.length === 1 ? t('crud.deleteOne') : t('common.confirmDelete', { count: ids.length }),
      content: deleteConsequence(t, i18n.exists, resource),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(ids).catch(() => undefined),
    });
}

/** What deleting a record of a resource means, in the reader's language. */
export function deleteConsequence(
  t: (key: string) => string,
  exists: (key: string) => boolean,
  resource?: string,
): string {
  const key = `crud.deleteConsequence_${resource}`;
  return resource && exists(key) ? t(key) : t('crud.deleteIrreversible');
}
