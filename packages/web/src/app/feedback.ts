import type { ModalFuncProps } from 'antd';
import { App } from 'antd';
import { draggableRender } from '../components/drag-frame';

/** antd's App context (themed, localised toasts and confirms) made reachable outside components. */
type AppApi = ReturnType<typeof App.useApp>;
let message: AppApi['message'] | null = null;

export function FeedbackBridge() {
  const app = App.useApp();
  message = app.message;
  return null;
}

export function toast(text: string, durationSeconds?: number): void {
  message?.error({ content: text, duration: durationSeconds, key: text });
}

export function useFeedback() {
  const app = App.useApp();
  return {
    message: app.message,
    /** A confirmation dialog, draggable like every other dialog. */
    confirm: (props: ModalFuncProps) => app.modal.confirm({ ...props, modalRender: draggableRender }),
  };
}
