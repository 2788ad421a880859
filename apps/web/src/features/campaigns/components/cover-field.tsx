import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isOverUploadLimit, UPLOAD_MAX_MB } from '../../../lib/upload-limit.ts';
import type { CoverValue } from '../campaign-form-values.ts';

type CoverFieldProps = {
  id?: string;
  value?: CoverValue | null;
  onChange?: (value: CoverValue) => void;
  disabled?: boolean;
};

const ACCEPTED_TYPES = 'image/jpeg,image/png,image/webp';

/**
 * Chooses the campaign cover and previews it. A file over the upload limit is not taken: the field
 * keeps what it had and is marked too large, so its rule shows the max-size message (spec §5 Uploads).
 */
export function CoverField({ id, value, onChange, disabled }: CoverFieldProps) {
  const { t } = useTranslation('campaigns');
  const input = useRef<HTMLInputElement>(null);
  const previewUrl = value?.previewUrl ?? null;

  // An object URL lives as long as the preview that shows it.
  useEffect(() => {
    return () => {
      if (previewUrl?.startsWith('blob:')) URL.revokeObjectURL(previewUrl);
    };
  }, [previewUrl]);

  function choose(file: File | undefined) {
    if (!file) return;
    if (isOverUploadLimit(file)) {
      onChange?.({ file: value?.file ?? null, previewUrl, isTooLarge: true });
      return;
    }
    onChange?.({ file, previewUrl: URL.createObjectURL(file), isTooLarge: false });
  }

  return (
    <div className="cover-field">
      <div className="cover-field-preview">
        {previewUrl ? (
          <img src={previewUrl} alt={t('form.cover.previewAlt')} />
        ) : (
          <PictureOutlined aria-hidden="true" className="cover-field-empty" />
        )}
      </div>
      <div className="cover-field-controls">
        <input
          ref={input}
          id={id}
          type="file"
          accept={ACCEPTED_TYPES}
          className="visually-hidden"
          tabIndex={-1}
          disabled={disabled}
          onChange={(event) => {
            choose(event.target.files?.[0]);
            // The same file can be chosen again after a refusal.
            event.target.value = '';
          }}
        />
        <Button icon={<UploadOutlined />} onClick={() => input.current?.click()} disabled={disabled}>
          {previewUrl ? t('form.cover.replace') : t('form.cover.choose')}
        </Button>
        <span className="cover-field-hint">{t('form.cover.hint', { max: UPLOAD_MAX_MB })}</span>
      </div>
    </div>
  );
}
