import { useEffect, useState } from 'react';
import {
  OFFER_MESSAGE_MAX_LENGTH,
  offerInputSchema,
  type OfferInput,
} from '../../../shared/offers.ts';
import { feeCents } from '../../../shared/money.ts';
import type { PublicConfig } from '../../../shared/public-config.ts';
import { FieldError, FormField, TextAreaField } from '../../components/form-field.tsx';
import { PanelForm } from '../../components/panel-form.tsx';
import { loadPublicConfig } from '../../lib/public-config.ts';
import { useForm } from '../../lib/use-form.ts';
import { parseDollarsToCents } from '../payments/parse-dollars.ts';
import { youReceive } from './offer-messages.ts';

export type OfferFormValues = {
  amount: string;
  message: string;
};

interface OfferFormProps {
  /** The form's accessible name. */
  name: string;
  initialValues: OfferFormValues;
  submitLabel: string;
  /** Resolves to why the offer was refused, to show under the form, or null when it went in. */
  onSubmit(input: OfferInput): Promise<string | null>;
  onCancel(): void;
}

/**
 * What the freelancer receives of the price typed, after the configured fee and rounded as the
 * ledger rounds it (issue 47); nothing where no money moves here or the price is no amount yet.
 */
function netOf(typed: string, config: PublicConfig | null): string | undefined {
  const cents = parseDollarsToCents(typed);
  if (config === null || config.payments === 'off' || cents === null || cents <= 0) return;
  const fee = feeCents(cents, config.freelancerFeePercent);
  return youReceive(cents - fee, config.freelancerFeePercent);
}

/**
 * A price and a message (issue 9), checked in the browser with the shared schema (the budget's
 * rules for the price, first error per field) before anything is sent. The price field takes
 * the focus when the form opens. Under the price, what the freelancer receives after the fee.
 */
export function OfferForm({
  name,
  initialValues,
  submitLabel,
  onSubmit,
  onCancel,
}: OfferFormProps) {
  const form = useForm(offerInputSchema, initialValues);
  const [config, setConfig] = useState<PublicConfig | null>(null);
  useEffect(() => void loadPublicConfig().then(setConfig, () => undefined), []);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = form.handleSubmit(async (input) => setProblem(await onSubmit(input)));
  return (
    <PanelForm
      name={name}
      submitLabel={submitLabel}
      isSubmitting={form.isSubmitting}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <FormField
        label="Your price (USD)"
        type="number"
        min={0}
        step="0.01"
        inputMode="decimal"
        required
        autoFocus
        hint={netOf(form.values.amount, config)}
        {...form.field('amount')}
      />
      <TextAreaField
        label="Message"
        required
        maxLength={OFFER_MESSAGE_MAX_LENGTH}
        className="h-32"
        hint={`What you would do and by when, up to ${OFFER_MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters. Only the poster sees your price and message.`}
        {...form.field('message')}
      />
      <FieldError message={problem} />
    </PanelForm>
  );
}
