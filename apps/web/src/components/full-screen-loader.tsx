import { Modal, Spin } from 'antd';

type FullScreenLoaderProps = {
  isOpen: boolean;
  title: string;
  message: string;
};

/** The blocking "loading" modal of spec §2: a title, a message and a spinner, not dismissable. */
export function FullScreenLoader({ isOpen, title, message }: FullScreenLoaderProps) {
  return (
    <Modal
      open={isOpen}
      title={title}
      footer={null}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      centered
      width={360}
    >
      <div
        role="status"
        aria-live="polite"
        style={{ display: 'flex', alignItems: 'center', gap: 16, padding: '8px 0' }}
      >
        <Spin size="large" />
        <span>{message}</span>
      </div>
    </Modal>
  );
}
