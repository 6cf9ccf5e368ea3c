import type { ModalFuncProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../app/feedback';

/** A confirmation before an action, with the common OK and cancel (OK in red when the action is `danger`ous). */
export function useAskFirst() {
  const { t } = useTranslation();
  const { confirm } = useFeedback();
  return ({ danger, ...props }: ModalFuncProps & { danger?: boolean }) =>
    confirm({
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      ...(danger ? { okButtonProps: { danger: true } } : {}),
      ...props,
    });
}
