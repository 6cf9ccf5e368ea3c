import { type FormInstance, Modal, type ModalProps } from 'antd';
import { draggableRender } from './drag-frame';
import { useGuardedCancel } from './unsaved';

/**
 * The console's only dialog: an antd Modal that can be dragged by its header (spec 000 §2). With
 * `guard`, closing it after its form was changed asks first (components/unsaved.tsx).
 */
export function DraggableModal({ guard, onCancel, ...props }: ModalProps & { guard?: FormInstance }) {
  const cancel = useGuardedCancel(guard, onCancel);
  return (
    <Modal destroyOnHidden mask={{ closable: false }} {...props} onCancel={cancel} modalRender={draggableRender} />
  );
}
