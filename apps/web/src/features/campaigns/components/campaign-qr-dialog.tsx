import { type CampaignRow, campaignQrText, type QrPrintBody } from '@scentia/shared/campaigns.schemas';
import { Alert, App, Button, Modal, Spin, Typography } from 'antd';
import QRCode from 'qrcode';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCreatedAt } from '../../../components/resource-list/column-builders.tsx';
import { saveFile } from '../../../lib/save-file.ts';
import { usePublicConfig } from '../../auth/api/get-public-config.ts';
import { campaignRecord } from '../api/get-campaign.ts';
import { useRecordQrPrint } from '../api/record-qr-print.ts';
import { isQrPrintOutdated } from '../campaign-qr.ts';
import { CampaignSlotsTable } from './campaign-slots-table.tsx';
import { QR_OPTIONS, QrCodeSvg } from './qr-code-svg.tsx';
import './campaign-qr-dialog.css';

/** Drawn large so that a print shop can scale the bitmap down. */
const DOWNLOAD_SIZE = 1024;

type Props = {
  campaignId: number;
  /** The list's name, for the title until the campaign itself is in. */
  name: string;
  /** Called once the dialog has closed (after its animation), so focus can go back to its opener. */
  onClose: () => void;
};

/**
 * A campaign's QR code (spec §9): the code of `campaignQrText`, its text, print and PNG/SVG downloads.
 * The campaign is read afresh when the dialog opens (the list's row may be older than the last save),
 * and nothing is drawn before it is in: the code shown, printed, downloaded and recorded is always the
 * version just read. Each print or download is recorded with that version, so the list can say when
 * the printed codes no longer match the campaign.
 */
export default function CampaignQrDialog({ campaignId, name, onClose }: Props) {
  const { t } = useTranslation('campaigns');
  const [isOpen, setOpen] = useState(true);
  const query = campaignRecord.useRecord(campaignId);
  // A cached copy from before the dialog opened is not fresh: wait for a read that succeeds after it
  // opened (a failed one leaves the cached copy in `data`).
  const campaign = query.isFetchedAfterMount && !query.isError ? query.data : undefined;
  const config = usePublicConfig();
  const text = config.data && campaign ? campaignQrText(config.data.customerCode, campaign) : undefined;
  const isError = config.isError || (query.isError && !campaign);

  return (
    <Modal
      open={isOpen}
      centered
      onCancel={() => setOpen(false)}
      afterClose={onClose}
      title={t('qr.title', { name: campaign?.name ?? name })}
      className="campaign-qr-dialog"
      footer={campaign && text ? <QrActions campaign={campaign} text={text} /> : null}
    >
      {isError ? (
        <Alert type="error" showIcon title={t('qr.loadError')} />
      ) : campaign && text ? (
        <QrSheet campaign={campaign} text={text} />
      ) : (
        <div className="campaign-qr-loading" role="status">
          <Spin />
          <p>{t('qr.loading')}</p>
        </div>
      )}
    </Modal>
  );
}

/** What the dialog shows and what goes on paper: name, code, its text and the device's slots. */
function QrSheet({ campaign, text }: { campaign: CampaignRow; text: string }) {
  const { t } = useTranslation('campaigns');
  const { lastQrPrint } = campaign;
  const isOutdated = lastQrPrint && isQrPrintOutdated(campaign);
  return (
    <div className="campaign-qr-body">
      {isOutdated && (
        <Alert
          className="campaign-qr-no-print"
          type="warning"
          showIcon
          title={t('qr.outdated', {
            printedAt: formatCreatedAt(lastQrPrint.printedAt),
            updatedAt: formatCreatedAt(campaign.updatedAt),
          })}
        />
      )}
      {lastQrPrint && !isOutdated && (
        <Typography.Paragraph className="campaign-qr-no-print">
          {t('qr.lastPrint', { printedAt: formatCreatedAt(lastQrPrint.printedAt) })}
        </Typography.Paragraph>
      )}
      <h2 className="campaign-qr-print-only campaign-qr-name">{campaign.name}</h2>
      <QrCodeSvg
        className="campaign-qr-code"
        text={text}
        label={t('qr.imageLabel', { name: campaign.name })}
      />
      <p className="campaign-qr-text">
        <span className="campaign-qr-text-label">{t('qr.text')}: </span>
        <code data-testid="campaign-qr-text">{text}</code>
      </p>
      <CampaignSlotsTable campaign={campaign} />
    </div>
  );
}

/** Print and downloads of the drawn version, each recorded with it. */
function QrActions({ campaign, text }: { campaign: CampaignRow; text: string }) {
  const { t } = useTranslation('campaigns');
  const { message } = App.useApp();
  const recordPrint = useRecordQrPrint();
  const fileName = `campanha-${campaign.campaignId}-qr`;

  function record(kind: QrPrintBody['kind']) {
    recordPrint.mutate(
      { id: campaign.campaignId, body: { kind, campaignUpdatedAt: campaign.updatedAt } },
      { onError: () => void message.error(t('qr.recordError')) },
    );
  }

  async function downloadPng() {
    // Drawn on a canvas of its own and read as a Blob: the Content Security Policy lets no data: URL be fetched.
    const drawn = document.createElement('canvas');
    await QRCode.toCanvas(drawn, text, { ...QR_OPTIONS, width: DOWNLOAD_SIZE });
    const png = await new Promise<Blob | null>((resolve) => drawn.toBlob(resolve, 'image/png'));
    if (!png) throw new Error('The QR code could not be encoded as PNG');
    saveFile(png, `${fileName}.png`);
    record('png');
  }

  async function downloadSvg() {
    const svg = await QRCode.toString(text, { ...QR_OPTIONS, type: 'svg' });
    saveFile(new Blob([svg], { type: 'image/svg+xml' }), `${fileName}.svg`);
    record('svg');
  }

  const showDrawError = () => void message.error(t('qr.loadError'));
  return (
    <>
      <Button onClick={() => downloadSvg().catch(showDrawError)}>{t('qr.downloadSvg')}</Button>
      <Button onClick={() => downloadPng().catch(showDrawError)}>{t('qr.downloadPng')}</Button>
      <Button
        type="primary"
        onClick={() => {
          window.print();
          record('print');
        }}
      >
        {t('qr.print')}
      </Button>
    </>
  );
}
