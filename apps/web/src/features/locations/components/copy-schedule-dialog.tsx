import { MAX_SCHEDULE_COPY_TARGETS } from '@scentia/shared/schedules.schemas';
import { App, Form, Modal, Select } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message.ts';
import { isSearchable, useDebouncedSearch } from '../../../lib/search-rule.ts';
import { useCopyLocationSchedule } from '../api/copy-location-schedule.ts';
import { LOCATION_SORTS, type LocationRow, locationsList } from '../api/list-locations.ts';

/** How many matching locations the select offers per search. */
const OPTIONS_PER_SEARCH = 20;

type Chosen = { value: number; label: string };

type CopyScheduleDialogProps = { location: LocationRow; onClose: () => void };

/** A location as the select names it: names repeat across organisations, so with its organisation and city. */
function locationOptionLabel(location: LocationRow): string {
  const where = [location.organization.name, location.address.city].filter(Boolean).join(', ');
  return where ? `${location.name} (${where})` : location.name;
}

/**
 * "Copy to other locations": several active locations chosen by typing (searched on the server like
 * every typeahead), confirmed, then copied in one call; the result is said in a dialog. The schedule
 * copied is the location's saved one.
 */
export function CopyScheduleDialog({ location, onClose }: CopyScheduleDialogProps) {
  const { t } = useTranslation('locations');
  const { t: common } = useTranslation();
  const { modal } = App.useApp();
  const copy = useCopyLocationSchedule();
  const selectId = useId();
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [text, setText] = useState('');
  const [isSubmitted, setSubmitted] = useState(false);
  const search = useDebouncedSearch(text);
  const isWaiting = text.trim() !== search && isSearchable(text);
  const options = locationsList.useList(copyTargetsParams(search));
  const targets = (options.data?.data ?? []).filter((other) => other.locationId !== location.locationId);
  const problem =
    chosen.length === 0
      ? t('schedule.copy.noneChosen')
      : chosen.length > MAX_SCHEDULE_COPY_TARGETS
        ? t('schedule.copy.tooMany', { count: MAX_SCHEDULE_COPY_TARGETS })
        : undefined;

  function submit() {
    setSubmitted(true);
    if (problem) return;
    const toLocationIds = chosen.map((target) => target.value);
    modal.confirm({
      title: t('schedule.copy.confirmTitle', { count: toLocationIds.length }),
      content: t('schedule.copy.confirmText', { name: location.name }),
      okText: t('schedule.copy.confirmOk'),
      cancelText: common('actions.cancel'),
      centered: true,
      // Resolving closes the confirmation; its button spins meanwhile, so the copy cannot run twice.
      onOk: async () => {
        try {
          await copy.mutateAsync({ fromLocationId: location.locationId, toLocationIds });
          onClose();
          modal.success({ title: t('schedule.copy.done', { count: toLocationIds.length }), centered: true });
        } catch (error) {
          const detail = errorMessage(error, t, '');
          modal.error({ title: t('schedule.copy.error'), content: detail || undefined, centered: true });
        }
      },
    });
  }

  return (
    <Modal
      open
      title={t('schedule.copy.title', { name: location.name })}
      okText={t('schedule.copy.submit')}
      cancelText={common('actions.cancel')}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>{t('schedule.copy.text', { name: location.name })}</p>
      <Form layout="vertical" component="div">
        <Form.Item
          label={t('schedule.copy.targets')}
          htmlFor={selectId}
          validateStatus={isSubmitted && problem ? 'error' : undefined}
          help={isSubmitted ? problem : undefined}
          extra={t('schedule.copy.targetsHint', { count: MAX_SCHEDULE_COPY_TARGETS })}
        >
          <Select<Chosen[]>
            id={selectId}
            mode="multiple"
            labelInValue
            value={chosen}
            onChange={(next) => {
              setChosen(next.map(({ value, label }) => ({ value, label: String(label) })));
              setText('');
            }}
            options={targets.map((target) => ({
              value: target.locationId,
              label: locationOptionLabel(target),
            }))}
            showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
            loading={options.isFetching || isWaiting}
            placeholder={t('schedule.copy.placeholder')}
            notFoundContent={
              options.isFetching || isWaiting
                ? common('typeahead.searching')
                : isSearchable(text)
                  ? common('typeahead.empty')
                  : common('typeahead.minChars')
            }
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The first active locations matching the search, by name. */
function copyTargetsParams(search: string) {
  return {
    page: 1,
    perPage: OPTIONS_PER_SEARCH,
    search,
    isActive: true,
    orderBy: LOCATION_SORTS.name,
    orderByDirection: 'asc' as const,
  };
}
