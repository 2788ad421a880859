import { type CampaignRow, campaignQrText, type QrPrintBody } from '@scentia/shared/campaigns.schemas';
import { Alert, App, Button, Modal, Typography } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCreatedAt } from '../../../components/resource-list/column-builders.tsx';
import { saveFile } from '../../../lib/save-file.ts';
import { usePublicConfig } from '../../auth/api/get-public-config.ts';
import { useRecordQrPrint } from '../api/record-qr-print.ts';
import { isQrPrintOutdated } from '../campaign-qr.ts';
import { CampaignSlotsTable } from './campaign-slots-table.tsx';
import './campaign-qr-dialog.css';

/** On screen; the downloads are drawn larger so that a print shop can scale them down. */
const SCREEN_SIZE = 240;
const DOWNLOAD_SIZE = 1024;
const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 2 } as const;

type Props = { campaign: CampaignRow; onClose: () => void };

/**
 * A campaign's QR code (spec §9): the code of `campaignQrText`, its text, print and PNG/SVG downloads.
 * Each print or download is recorded with the version it carried, so the list can say when the
 * printed codes no longer match the campaign.
 */
export default function CampaignQrDialog({ campaign, onClose }: Props) {
  const { t } = useTranslation('campaigns');
  const { message } = App.useApp();
  const config = usePublicConfig();
  const recordPrint = useRecordQrPrint();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [hasDrawError, setDrawError] = useState(false);
  // The print just recorded here, until the refreshed list row brings it.
  const [recorded, setRecorded] = useState<CampaignRow['lastQrPrint']>(null);
  const lastQrPrint = recorded ?? campaign.lastQrPrint;
  const text = config.data ? campaignQrText(config.data.customerCode, campaign) : undefined;

  useEffect(() => {
    if (!text || !canvas.current) return;
    QRCode.toCanvas(canvas.current, text, { ...QR_OPTIONS, width: SCREEN_SIZE }).catch(() =>
      setDrawError(true),
    );
  }, [text]);

  function record(kind: QrPrintBody['kind']) {
    const body = { kind, campaignUpdatedAt: campaign.updatedAt };
    recordPrint.mutate(
      { id: campaign.campaignId, body },
      {
        onSuccess: () => setRecorded({ ...body, printedAt: new Date().toISOString() }),
        onError: () => void message.error(t('qr.recordError')),
      },
    );
  }

  const fileName = `campanha-${campaign.campaignId}-qr`;

  async function downloadPng(code: string) {
    // Drawn on a canvas of its own and read as a Blob: the Content Security Policy lets no data: URL be fetched.
    const drawn = document.createElement('canvas');
    await QRCode.toCanvas(drawn, code, { ...QR_OPTIONS, width: DOWNLOAD_SIZE });
    const png = await new Promise<Blob | null>((resolve) => drawn.toBlob(resolve, 'image/png'));
    if (!png) throw new Error('The QR code could not be encoded as PNG');
    saveFile(png, `${fileName}.png`);
    record('png');
  }

  async function downloadSvg(code: string) {
    const svg = await QRCode.toString(code, { ...QR_OPTIONS, type: 'svg' });
    saveFile(new Blob([svg], { type: 'image/svg+xml' }), `${fileName}.svg`);
    record('svg');
  }

  function showDrawError() {
    void message.error(t('qr.loadError'));
  }

  function print() {
    window.print();
    record('print');
  }

  const isReady = Boolean(text) && !hasDrawError;
  const outdated = lastQrPrint && isQrPrintOutdated({ lastQrPrint, updatedAt: campaign.updatedAt });
  return (
    <Modal
      open
      centered
      onCancel={onClose}
      title={t('qr.title', { name: campaign.name })}
      className="campaign-qr-dialog"
      footer={[
        <Button key="svg" disabled={!isReady} onClick={() => text && downloadSvg(text).catch(showDrawError)}>
          {t('qr.downloadSvg')}
        </Button>,
        <Button key="png" disabled={!isReady} onClick={() => text && downloadPng(text).catch(showDrawError)}>
          {t('qr.downloadPng')}
        </Button>,
        <Button key="print" type="primary" disabled={!isReady} onClick={print}>
          {t('qr.print')}
        </Button>,
      ]}
    >
      <div className="campaign-qr-body">
        {outdated && (
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
        {lastQrPrint && !outdated && (
          <Typography.Paragraph className="campaign-qr-no-print">
            {t('qr.lastPrint', { printedAt: formatCreatedAt(lastQrPrint.printedAt) })}
          </Typography.Paragraph>
        )}
        <h2 className="campaign-qr-print-only">{campaign.name}</h2>
        {config.isError || hasDrawError ? (
          <Alert type="error" showIcon title={t('qr.loadError')} />
        ) : (
          <canvas
            ref={canvas}
            className="campaign-qr-code"
            role="img"
            aria-label={t('qr.imageLabel', { name: campaign.name })}
            width={SCREEN_SIZE}
            height={SCREEN_SIZE}
          />
        )}
        {text ? (
          <p className="campaign-qr-text">
            <span className="campaign-qr-text-label">{t('qr.text')}: </span>
            <code data-testid="campaign-qr-text">{text}</code>
          </p>
        ) : (
          !config.isError && <p>{t('qr.loading')}</p>
        )}
        <CampaignSlotsTable campaign={campaign} />
      </div>
    </Modal>
  );
}
