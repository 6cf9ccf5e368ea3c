import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useFeedback } from '../../app/feedback';

/**
 * Delete with confirmation: one row by `DELETE base/{id}`, several by `DELETE base?ids=`; on success a
 * message, then `onDeleted` (clear the selection, refresh the list).
 */
export function useDeleteRows(base: string, onDeleted: () => unknown) {
  const { t } = useTranslation();
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
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(ids).catch(() => undefined),
    });
}
