import { PictureOutlined } from '@ant-design/icons';
import type { QuizDetail } from '@scentia/shared/quiz.schemas';
import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';

type PickerProps = {
  id?: string;
  value?: number[];
  onChange?: (value: number[]) => void;
  /** The campaign's collection: the only fragrances an answer may recommend. */
  collection: QuizDetail['campaign']['collection'];
  /** What the answer recommends now, shown even when it has left the collection (to take it off). */
  current: { fragranceId: number; name: string }[];
};

/** The fragrances a final answer recommends, picked from the campaign's collection with their images. */
export function FragrancePicker({ id, value, onChange, collection, current }: PickerProps) {
  const { t } = useTranslation('quiz');
  const inCollection = new Set(collection.map((slot) => slot.fragranceId));
  const options = [
    ...collection.map((slot) => ({
      value: slot.fragranceId,
      name: slot.fragrance.name,
      image: slot.fragrance.image?.thumbnailUri,
      isGone: false,
    })),
    ...current
      .filter((fragrance) => !inCollection.has(fragrance.fragranceId))
      .map((fragrance) => ({
        value: fragrance.fragranceId,
        name: fragrance.name,
        image: undefined,
        isGone: true,
      })),
  ];
  if (options.length === 0) return <p id={id}>{t('builder.fragrancesEmpty')}</p>;
  return (
    <fieldset id={id} aria-label={t('builder.fragrances')} className="quiz-fragrance-set">
      <Checkbox.Group
        value={value}
        onChange={(next) => onChange?.(next as number[])}
        className="quiz-fragrances"
      >
        {options.map((option) => (
          <Checkbox key={option.value} value={option.value} className="quiz-fragrance">
            {option.image ? (
              <img className="quiz-fragrance-image" src={option.image} alt="" loading="lazy" />
            ) : (
              <span className="quiz-fragrance-image is-empty">
                <PictureOutlined aria-hidden="true" />
              </span>
            )}
            <span>
              {option.isGone
                ? `${option.name} (${t('problems.codes.fragranceNotInCollection')})`
                : option.name}
            </span>
          </Checkbox>
        ))}
      </Checkbox.Group>
    </fieldset>
  );
}
