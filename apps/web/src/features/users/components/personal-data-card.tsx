import { DownloadOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { isAdminProfile } from '@scentia/shared/validators';
import { App, Button, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/error-message.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useAnonymiseUser } from '../api/anonymise-user.ts';
import { useDownloadPersonalData } from '../api/download-personal-data.ts';
import { useExportPersonalData } from '../api/export-personal-data.ts';
import './personal-data-card.css';

type PersonalDataCardProps = { user: { id: number; nome: string; anonymizedAt: string | null } };

/**
 * A person's data on request (LGPD art. 18) on the user's edit page: everything held about the
 * account as JSON or as a spreadsheet, and anonymisation. ADMIN only, as the API is; nobody
 * anonymises their own account, nor one already anonymised (the API refuses both).
 */
export function PersonalDataCard({ user }: PersonalDataCardProps) {
  const { t } = useTranslation('users');
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const { user: viewer } = useSession();
  const downloadJson = useDownloadPersonalData();
  const downloadSpreadsheet = useExportPersonalData();
  // The form above still holds the erased values, and saving it would write them back: leave it.
  const anonymise = useAnonymiseUser(() => void navigate(PATHS.admin.users.list));

  if (!viewer || !isAdminProfile(viewer.profile.nome)) return null;
  const canAnonymise = viewer.id !== user.id && user.anonymizedAt === null;

  function showError(title: string, error: unknown) {
    const detail = errorMessage(error, t, '');
    modal.error({ title, content: detail || undefined, centered: true });
  }

  function download(mutation: typeof downloadJson) {
    mutation.mutate(user.id, { onError: (error) => showError(t('personalData.downloadError'), error) });
  }

  function confirmAnonymise() {
    modal.confirm({
      title: t('personalData.confirmTitle', { name: user.nome }),
      content: (
        <>
          <p>{t('personalData.confirmText')}</p>
          <p>
            <strong>{t('personalData.confirmIrreversible')}</strong>
          </p>
        </>
      ),
      okText: t('personalData.confirmOk'),
      cancelText: t('common:actions.cancel'),
      okButtonProps: { danger: true },
      centered: true,
      // Resolving closes the dialog; the button spins meanwhile, so the call cannot run twice.
      onOk: async () => {
        try {
          await anonymise.mutateAsync(user.id);
        } catch (error) {
          showError(t('personalData.anonymiseError'), error);
          return;
        }
        void message.success(t('personalData.anonymised'));
      },
    });
  }

  return (
    <Card
      className="personal-data-card"
      title={<h2 className="personal-data-title">{t('personalData.title')}</h2>}
    >
      <Typography.Paragraph type="secondary">{t('personalData.description')}</Typography.Paragraph>
      <div className="personal-data-actions">
        <Button
          icon={<DownloadOutlined />}
          loading={downloadJson.isPending}
          onClick={() => download(downloadJson)}
        >
          {t('personalData.downloadJson')}
        </Button>
        <Button
          icon={<DownloadOutlined />}
          loading={downloadSpreadsheet.isPending}
          onClick={() => download(downloadSpreadsheet)}
        >
          {t('personalData.downloadSpreadsheet')}
        </Button>
        {canAnonymise && (
          <Button
            danger
            icon={<UserDeleteOutlined />}
            onClick={confirmAnonymise}
            className="personal-data-anonymise"
          >
            {t('personalData.anonymise')}
          </Button>
        )}
      </div>
    </Card>
  );
}
