import {
  RegisterSystemClientBody,
  type RegisteredSystemClient,
  type SystemClient,
  type SystemScope,
} from '@klaimor/contracts';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Controller, useWatch, type FieldPath, type Resolver } from 'react-hook-form';
import { FormActions } from '../../../components/FormActions';
import { appLanguage } from '../../../i18n/language';
import { contractResolver, withFieldNames } from '../../../lib/form-resolver';
import { useContractForm } from '../../../lib/use-contract-form';
import { fieldMessage, staffErrorMessage } from '../shared/staff-errors';
import { useStaffTexts } from '../staff.texts';
import { ScopeCheckboxes } from './ScopeCheckboxes';
import { useRegisterSystemClient } from './systems.queries';
import { jwksUrlMessage, pastedKeySet, pastedKeysMessage, pastedKeysProblem } from './systems-format';

type KeySource = 'url' | 'pasted';
const KEY_SOURCES: readonly KeySource[] = ['url', 'pasted'];

export interface RegisterSystemValues {
  name: string;
  /** Where the system's public keys come from: only that one reaches the body. */
  keySource: KeySource;
  jwksUrl: string;
  /** The keys as pasted: JSON text, read into the body's `jwks`. */
  jwksText: string;
  scopes: SystemScope[];
}

const toBody = (v: RegisterSystemValues): RegisterSystemClientBody =>
  v.keySource === 'url'
    ? { name: v.name, scopes: v.scopes, ...(v.jwksUrl.trim() === '' ? {} : { jwksUrl: v.jwksUrl.trim() }) }
    : { name: v.name, scopes: v.scopes, jwks: pastedKeySet(v.jwksText) as RegisterSystemClientBody['jwks'] };

/** The form's field for a path of the body, or of the server's field reasons ('jwks.keys.0' is the pasted keys). */
function fieldOf(path: string, values: RegisterSystemValues): FieldPath<RegisterSystemValues> | null {
  const [head] = path.split('.');
  switch (head) {
    case 'name':
    case 'scopes':
      return head;
    case 'jwks':
      return 'jwksText';
    // "One source of keys" is said on the box the admin chose.
    case 'jwksUrl':
      return values.keySource === 'url' ? 'jwksUrl' : 'jwksText';
    default:
      return null;
  }
}

const checked = withFieldNames(contractResolver(RegisterSystemClientBody, toBody), fieldOf);

/**
 * The contract's check, with the pasted keys read first: text that is not JSON, or holds a private key, is said as
 * such on its box rather than as whatever the schema makes of it.
 */
const resolver: Resolver<RegisterSystemValues, unknown, RegisteredSystemClient> = async (values, context, options) => {
  const result = await checked(values, context, options);
  const problem = values.keySource === 'pasted' ? pastedKeysProblem(values.jwksText) : null;
  if (problem === null) return result;
  return { values: {}, errors: { ...result.errors, jwksText: { type: 'pasted', message: problem } } };
};

export interface RegisterSystemFormProps {
  facilityId: string;
  onRegistered: (system: SystemClient) => void;
  onCancel: () => void;
}

/**
 * Registers one of the hospital's systems: a name staff recognise, where its public keys are (an address it publishes
 * them at, or the keys pasted), and what it may do here, checked with the contract's RegisterSystemClientBody.
 */
export function RegisterSystemForm({ facilityId, onRegistered, onCancel }: RegisterSystemFormProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const baseId = useId();
  const register = useRegisterSystemClient(facilityId);
  const { form, formError, onSubmit } = useContractForm<RegisterSystemValues, RegisteredSystemClient>({
    resolver,
    defaultValues: { name: '', keySource: 'url', jwksUrl: '', jwksText: '', scopes: [] },
    fields: fieldOf,
    errorMessage: (error) => staffErrorMessage(t, error, lang),
  });
  const {
    control,
    register: field,
    formState: { errors, isSubmitting },
  } = form;
  const keySource = useWatch({ control, name: 'keySource' });
  const submit = onSubmit(async (body) => onRegistered(await register.mutateAsync(body)));

  const { ref: nameRef, ...name } = field('name');
  const nameMessage = fieldMessage(t, 'name', errors.name?.message);
  const { ref: urlRef, ...jwksUrl } = field('jwksUrl');
  const urlMessage = jwksUrlMessage(t, errors.jwksUrl?.message);
  const { ref: keysRef, ...jwksText } = field('jwksText');
  const keysMessage = pastedKeysMessage(t, errors.jwksText?.message);

  return (
    <Stack component="form" noValidate spacing={3} onSubmit={(e) => void submit(e)}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(310px, 3fr) minmax(0, 9fr)' },
          gap: { xs: 3, md: 4 },
          alignItems: 'start',
        }}
      >
        <Stack spacing={2.5} sx={{ minWidth: 0 }}>
          <TextField
            {...name}
            inputRef={nameRef}
            id="system-name"
            label={t('systems.form.name')}
            required
            error={nameMessage !== undefined}
            helperText={nameMessage ?? t('systems.form.nameHint')}
            slotProps={{ htmlInput: { maxLength: 200, autoComplete: 'off' } }}
          />
          <Controller
            control={control}
            name="keySource"
            render={({ field: choice }) => (
              <FormControl component="fieldset">
                <FormLabel component="legend" sx={{ fontWeight: 500 }}>
                  {t('systems.form.keySource.legend')}
                </FormLabel>
                <RadioGroup
                  value={choice.value}
                  onChange={(e) => choice.onChange(e.target.value as KeySource)}
                  onBlur={choice.onBlur}
                  name={`${baseId}-key-source`}
                >
                  {KEY_SOURCES.map((source, i) => (
                    <Box key={source} sx={{ pb: 0.5 }}>
                      <FormControlLabel
                        value={source}
                        control={
                          <Radio
                            slotProps={{
                              input: {
                                ref: i === 0 ? choice.ref : undefined,
                                'aria-describedby': `${baseId}-${source}-about`,
                              },
                            }}
                          />
                        }
                        label={t(`systems.form.keySource.${source}`)}
                        sx={{ '& .MuiFormControlLabel-label': { fontWeight: 500 } }}
                      />
                      <Typography
                        id={`${baseId}-${source}-about`}
                        variant="body2"
                        color="text.secondary"
                        sx={{ pl: 4, mt: -0.75 }}
                      >
                        {t(`systems.form.keySource.${source}About`)}
                      </Typography>
                    </Box>
                  ))}
                </RadioGroup>
              </FormControl>
            )}
          />
          {keySource === 'url' ? (
            <TextField
              {...jwksUrl}
              inputRef={urlRef}
              id="system-jwks-url"
              type="url"
              label={t('systems.form.jwksUrl')}
              required
              error={urlMessage !== undefined}
              helperText={urlMessage ?? t('systems.form.jwksUrlHint')}
              slotProps={{
                htmlInput: { maxLength: 2000, autoComplete: 'off', spellCheck: false, inputMode: 'url' },
              }}
            />
          ) : (
            <TextField
              {...jwksText}
              inputRef={keysRef}
              id="system-jwks"
              label={t('systems.form.jwks')}
              required
              multiline
              minRows={6}
              maxRows={8}
              error={keysMessage !== undefined}
              helperText={keysMessage ?? t('systems.form.jwksHint')}
              slotProps={{
                htmlInput: {
                  autoComplete: 'off',
                  spellCheck: false,
                  sx: { fontFamily: 'monospace', fontSize: '0.9rem' },
                },
              }}
            />
          )}
        </Stack>
        <Controller
          control={control}
          name="scopes"
          render={({ field: scopes, fieldState }) => <ScopeCheckboxes {...scopes} reason={fieldState.error?.message} />}
        />
      </Box>
      <FormActions error={formError} submitLabel={t('systems.form.submit')} busy={isSubmitting} onCancel={onCancel} />
    </Stack>
  );
}
