import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useRef } from 'react';
import { isOverUploadLimit, UPLOAD_MAX_MB } from '../../lib/upload-limit.ts';
import './image-upload-field.css';

/** An image a form holds: the chosen file (none when the stored one stays), its preview, and whether it was refused. */
export type ImageUploadValue = { file: File | null; previewUrl: string | null; isTooLarge: boolean };

type ImageUploadFieldProps = {
  id?: string;
  value?: ImageUploadValue | null;
  onChange?: (value: ImageUploadValue) => void;
  disabled?: boolean;
  /** The feature's words: the preview's alternative text, the button's two labels, the size hint. */
  texts: { previewAlt: string; choose: string; replace: string; hint: (maxMb: number) => string };
  /** A square preview (a fragrance's picture) or a wide one (a campaign's cover). */
  shape?: 'square' | 'wide';
};

const ACCEPTED_TYPES = 'image/jpeg,image/png,image/webp';

/**
 * Chooses an image and previews it, as an antd form field. A file over the upload limit is not taken:
 * the field keeps what it had and is marked too large, so its rule shows the max-size message and
 * nothing is sent (spec §5 Uploads).
 */
export function ImageUploadField({
  id,
  value,
  onChange,
  disabled,
  texts,
  shape = 'square',
}: ImageUploadFieldProps) {
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
      <div className={`image-field-preview image-field-preview-${shape}`}>
        {previewUrl ? (
          <img src={previewUrl} alt={texts.previewAlt} />
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
          {previewUrl ? texts.replace : texts.choose}
        </Button>
        <span className="image-field-hint">{texts.hint(UPLOAD_MAX_MB)}</span>
      </div>
    </div>
  );
}
