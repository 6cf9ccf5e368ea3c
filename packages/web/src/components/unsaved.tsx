import type { FormInstance, ModalProps } from 'antd';
import { useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router';
import { useFeedback } from '../app/feedback';

/**
 * Unsaved edits are never dropped silently: closing a dialog whose form was changed, leaving a page with
 * unsaved edits (another route or frame tab) and closing the browser tab all ask first. One mechanism:
 * dialogs pass their form to DraggableModal (`guard`), pages render <LeaveGuard dirty={…} />.
 */
export function useConfirmDiscard() {
  const { t } = useTranslation();
  const { confirm } = useFeedback();
  return (onDiscard: () => void, onKeep?: () => void, where: 'dialog' | 'page' = 'dialog') =>
    confirm({
      title: t('common.unsavedTitle'),
      content: t(where === 'dialog' ? 'common.unsavedDialog' : 'common.unsavedPage'),
      okText: t('common.unsavedDiscard'),
      okButtonProps: { danger: true },
      cancelText: t('common.unsavedKeep'),
      onOk: onDiscard,
      onCancel: onKeep,
    });
}

/** A dialog's cancel (×, Cancel, Esc) that asks first when its form was changed. */
export function useGuardedCancel(guard: FormInstance | undefined, onCancel: ModalProps['onCancel']) {
  const confirmDiscard = useConfirmDiscard();
  if (!guard || !onCancel) return onCancel;
  return (event: Parameters<NonNullable<ModalProps['onCancel']>>[0]) => {
    if (guard.isFieldsTouched()) confirmDiscard(() => onCancel(event));
    else onCancel(event);
  };
}

function RouteBlocker({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(dirty);
  const confirmDiscard = useConfirmDiscard();
  // Asks once per blocked navigation: the blocker's state is what matters (the functions are new each render).
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (blocker.state === 'blocked') confirmDiscard(blocker.proceed, blocker.reset, 'page');
  }, [blocker.state]);
  return null;
}

/** Asks before a page with unsaved edits is left: another route (data router only) or the browser tab. */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  return dataRouter ? <RouteBlocker dirty={dirty} /> : null;
}
