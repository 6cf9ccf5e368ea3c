import { Modal, type ModalProps } from 'antd';
import { draggableRender } from './drag-frame';

/** The console's only dialog: an antd Modal that can be dragged by its header (spec 000 §2). */
export function DraggableModal(props: ModalProps) {
  return <Modal destroyOnHidden mask={{ closable: false }} {...props} modalRender={draggableRender} />;
}
