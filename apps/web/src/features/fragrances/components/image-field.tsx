import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isOverUploadLimit, UPLOAD_MAX_MB } from '../../../lib/upload-limit.ts';
import type { ImageValue } from '../fragrance-form-values.ts';

type ImageFieldProps = {
  id?: string;
  value?: ImageValue | null;
  onChange?: (value: ImageValue) => void;
  disabled?: boolean;
};

const ACCEPTED_TYPES = 'image/jpeg,image/png,image/webp';

/**
 * Chooses the fragrance image and previews it. A file over the upload limit is not taken: the
 * field keeps what it had and is marked too large, so its rule shows the max-size message and
 * nothing is sent (spec §5 Uploads).
 */
export function ImageField({ id, value, onChange, disabled }: ImageFieldProps) {
  const { t } = useTranslation('fragrances');
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
    <div className="image-field">
      <div className="image-field-preview">
        {previewUrl ? (
          <img src={previewUrl} alt={t('image.previewAlt')} />
        ) : (
          <PictureOutlined aria-hidden="true" className="image-field-empty" />
        )}
      </div>
      <div className="image-field-controls">
        <input
          ref={input}
          id={id}
          type="file"
          accept={ACCEPTED_TYPES}
          className="image-field-input"
          tabIndex={-1}
          disabled={disabled}
          onChange={(event) => {
            choose(event.target.files?.[0]);
            // The same file can be chosen again after a refusal.
            event.target.value = '';
          }}
        />
        <Button icon={<UploadOutlined />} onClick={() => input.current?.click()} disabled={disabled}>
          {previewUrl ? t('image.replace') : t('image.choose')}
        </Button>
        <span className="image-field-hint">{t('image.hint', { max: UPLOAD_MAX_MB })}</span>
      </div>
    </div>
  );
}
