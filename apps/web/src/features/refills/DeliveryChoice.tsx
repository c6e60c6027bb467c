import type { RefillDelivery, RefillRequestBody } from '@klaimor/contracts';
import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import StorefrontIcon from '@mui/icons-material/Storefront';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import RadioGroup from '@mui/material/RadioGroup';
import { useId, type ReactNode } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { ChoiceCard } from './ChoiceCard';
import { DELIVERIES, type RefillValues } from './refill-form';
import { useRefillsTexts } from './refills.texts';

const ICONS: Record<RefillDelivery, ReactNode> = {
  hospital_pharmacy: <LocalHospitalIcon />,
  near_home_pharmacy: <StorefrontIcon />,
  post: <LocalShippingIcon />,
};

/** How the patient gets the medicine: three large cards, each with one plain line of what it means. */
export function DeliveryChoice({ control }: { control: Control<RefillValues, unknown, RefillRequestBody> }) {
  const { t } = useRefillsTexts();
  const errorId = useId();
  return (
    <Controller
      name="delivery"
      control={control}
      render={({ field, fieldState }) => (
        <FormControl component="fieldset" error={fieldState.error !== undefined}>
          <FormLabel component="legend" sx={{ fontWeight: 600, color: 'text.primary', mb: 1 }}>
            {t('request.delivery.legend')}
          </FormLabel>
          <RadioGroup
            name={field.name}
            value={field.value}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            aria-describedby={fieldState.error ? errorId : undefined}
            sx={{ gap: 1.5 }}
          >
            {DELIVERIES.map((way, i) => (
              <ChoiceCard
                key={way}
                value={way}
                selected={field.value === way}
                inputRef={i === 0 ? field.ref : undefined}
                icon={ICONS[way]}
                title={t(`ways.${way}.title`)}
                lines={[t(`ways.${way}.line`)]}
              />
            ))}
          </RadioGroup>
          {fieldState.error ? <FormHelperText id={errorId}>{t('request.delivery.required')}</FormHelperText> : null}
        </FormControl>
      )}
    />
  );
}
