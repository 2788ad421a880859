import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { AntdProvider } from '../../../components/antd-provider.tsx';

/** The 'oops' of spec §4: a USER profile may not enter the admin area. */
export default function ProfileBlockedDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <AntdProvider>
      <Modal
        open
        title={t('login.oopsTitle')}
        onOk={onClose}
        onCancel={onClose}
        okText={t('common:actions.ok')}
        cancelButtonProps={{ style: { display: 'none' } }}
        centered
      >
        <p>{t('login.oopsMessage')}</p>
      </Modal>
    </AntdProvider>
  );
}
