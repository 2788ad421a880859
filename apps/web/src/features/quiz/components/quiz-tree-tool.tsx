import { Button, Tooltip } from 'antd';
import { useId } from 'react';

type TreeToolProps = {
  label: string;
  /** Why the tool cannot be used now; undefined when it can. */
  reason: string | undefined;
  onClick: () => void;
};

/**
 * A button of the tree's toolbar that says why it is disabled: in a tooltip for the pointer (on a
 * wrapper, since a disabled button gets no pointer events) and as the button's accessible description.
 */
export function QuizTreeTool({ label, reason, onClick }: TreeToolProps) {
  const reasonId = useId();
  const isDisabled = reason !== undefined;
  return (
    <>
      <Tooltip title={reason}>
        <span className="quiz-tree-tool">
          <Button
            size="small"
            disabled={isDisabled}
            aria-describedby={isDisabled ? reasonId : undefined}
            onClick={onClick}
          >
            {label}
          </Button>
        </span>
      </Tooltip>
      {isDisabled && (
        <span id={reasonId} className="visually-hidden">
          {reason}
        </span>
      )}
    </>
  );
}
