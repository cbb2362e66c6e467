/** The period the analytics cover: 7, 30 or 90 days, or all time. */
import { ToggleButton, ToggleButtonGroup } from 'react-bootstrap';
import {
  ANALYTICS_PERIOD_LABELS,
  ANALYTICS_PERIODS,
  type AnalyticsPeriod,
} from '../../../../../shared/links';
import { messages } from '../messages';

interface PeriodSelectorProps {
  period: AnalyticsPeriod;
  onChange: (period: AnalyticsPeriod) => void;
}

export function PeriodSelector({ period, onChange }: PeriodSelectorProps) {
  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      <ToggleButtonGroup
        type="radio"
        name="analytics-period"
        value={period}
        onChange={onChange}
        aria-label={messages.period}
      >
        {ANALYTICS_PERIODS.map((value) => (
          <ToggleButton
            key={value}
            id={`analytics-period-${value}`}
            value={value}
            variant="outline-primary"
            size="sm"
          >
            {ANALYTICS_PERIOD_LABELS[value]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <small className="text-body-secondary">{messages.periodNote}</small>
    </div>
  );
}
