import type { Invoice, PixResponse } from '@switchboard/shared/contracts/invoices';
import { channels } from '@switchboard/shared/events';
import { CUSTOM_PLAN_DETAIL, CUSTOM_PLAN_MIN_CONNECTIONS, CUSTOM_PLAN_MIN_USERS } from '@switchboard/shared/contracts/invoices';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { RadioButton } from 'primereact/radiobutton';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldA11y, FormField } from '../../../components/form-field.tsx';
import { callRoute } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/i18n.ts';
import { useRealtimeEvent } from '../../../lib/realtime.tsx';
import { useCurrentUser } from '../../../lib/session.tsx';
import { useToast } from '../../../lib/toast.tsx';
import { useCreateSubscription } from '../api/create-subscription.ts';
import {
  CHECKOUT_STEPS,
  checkoutBody,
  checkoutPrice,
  clampConnections,
  clampUsers,
  COPIED_LABEL_MS,
  FIRST_CHECKOUT_STEP,
  formatBrl,
  initialCheckout,
  validateCheckout,
  type CheckoutErrors,
  type CheckoutValues,
} from '../utils/checkout-form.ts';
import { pixQrSrc } from '../utils/pix-qr.ts';

const TEXT_FIELDS = ['firstName', 'lastName', 'address2', 'city', 'state', 'zipcode', 'country'] as const;

/** How many users or connections the custom plan has, at least its minimum. */
function CountField({
  name,
  min,
  value,
  onChange,
}: {
  name: 'users' | 'connections';
  min: number;
  value: number;
  onChange: (value: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <FormField id={`checkout-${name}`} label={t(`billing.checkout.${name}`)} hint={t('billing.checkout.minimum', { count: min })}>
      <InputText
        id={`checkout-${name}`}
        type="number"
        min={min}
        value={String(value)}
        onChange={(e) => onChange(Number(e.target.value))}
        data-testid={`checkout-${name}`}
      />
    </FormField>
  );
}

/**
 * The subscription checkout (spec document 2 "Subscription checkout dialog", section 4 "Checkout"): Dados,
 * Personalizar and Revisar, opened on Personalizar; then the Pix code to pay, with a copy button. The payment's
 * confirmation arrives live (hooks/use-payment-confirmed.ts, used by the page that opens this dialog).
 */
export function CheckoutDialog({ invoice, onHide }: { invoice: Invoice | null; onHide: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const user = useCurrentUser();
  const create = useCreateSubscription();
  const customTitle = t('billing.checkout.customPlan');
  const plan = useQuery({
    queryKey: ['companies', user.companyId, 'plan'] as const,
    queryFn: () => callRoute('companies.list-plan', { params: { companyId: user.companyId } }),
    staleTime: 5 * 60_000,
    enabled: invoice !== null,
  });
  const companyPlan = plan.data ? { id: plan.data.plan.id, name: plan.data.plan.name, value: plan.data.plan.amount } : undefined;
  const [step, setStep] = useState(FIRST_CHECKOUT_STEP);
  const [values, setValues] = useState<CheckoutValues | null>(null);
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const [pix, setPix] = useState<PixResponse | null>(null);
  const [copied, setCopied] = useState(false);
  /** the new due date, once the payment of this charge is confirmed */
  const [paidUntil, setPaidUntil] = useState<string | null>(null);
  const copiedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(copiedTimer.current), []);

  useEffect(() => {
    if (!invoice) return;
    setStep(FIRST_CHECKOUT_STEP);
    setValues(initialCheckout(user.name, invoice, CUSTOM_PLAN_DETAIL));
    setErrors({});
    setPix(null);
    setCopied(false);
    setPaidUntil(null);
  }, [invoice, user.name]);

  useRealtimeEvent(channels.payment(user.companyId), (data) => {
    if (data?.action === 'CONCLUIDA' && invoice && data.invoiceId === invoice.id) setPaidUntil(data.company.dueDate);
  });

  const qr = useMemo(() => (pix ? pixQrSrc(pix.qrcode.qrcode) : null), [pix]);
  const pending = create.isPending;
  const change = (patch: Partial<CheckoutValues>) => {
    if (!values) return;
    const next = { ...values, ...patch };
    setValues(next);
    if (errors.firstName || errors.zipcode) setErrors(validateCheckout(next));
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!values || !invoice || !companyPlan || pending) return;
    const found = validateCheckout(values);
    setErrors(found);
    if (found.firstName || found.zipcode) {
      setStep(0);
      return;
    }
    create.mutate(checkoutBody(values, invoice, companyPlan, customTitle), {
      onSuccess: (answer) => {
        setPix(answer);
        toast.success(t('billing.checkout.submitted'));
      },
      onError: (error) => toast.error(error),
    });
  };

  const next = (event: FormEvent) => {
    event.preventDefault();
    if (step < CHECKOUT_STEPS.length - 1) setStep(step + 1);
    else submit();
  };

  const copy = () => {
    if (!pix) return;
    void navigator.clipboard?.writeText(pix.qrcode.qrcode).catch(() => undefined);
    setCopied(true);
    clearTimeout(copiedTimer.current);
    copiedTimer.current = setTimeout(() => setCopied(false), COPIED_LABEL_MS);
  };

  const footer = pix ? (
    <div className="dialog-footer">
      <Button
        type="button"
        label={t('billing.checkout.close')}
        icon="pi pi-times"
        onClick={onHide}
        data-testid="checkout-close"
      />
    </div>
  ) : (
    <div className="dialog-footer">
      {step > 0 ? (
        <Button
          type="button"
          text
          severity="secondary"
          label={t('billing.checkout.back')}
          icon="pi pi-arrow-left"
          onClick={() => setStep(step - 1)}
          disabled={pending}
          data-testid="checkout-back"
        />
      ) : null}
      <Button
        type="submit"
        form="checkout-form"
        label={step < CHECKOUT_STEPS.length - 1 ? t('billing.checkout.next') : t('billing.checkout.submit')}
        icon={step < CHECKOUT_STEPS.length - 1 ? 'pi pi-arrow-right' : 'pi pi-qrcode'}
        iconPos={step < CHECKOUT_STEPS.length - 1 ? 'right' : 'left'}
        loading={pending}
        disabled={!companyPlan}
        data-testid={step < CHECKOUT_STEPS.length - 1 ? 'checkout-next' : 'checkout-submit'}
      />
    </div>
  );

  const price = values && companyPlan ? checkoutPrice(values, companyPlan.value) : 0;

  return (
    <Dialog
      header={pix ? t('billing.checkout.pixTitle') : t('billing.checkout.title')}
      visible={invoice !== null}
      onHide={onHide}
      footer={footer}
      style={{ width: '44rem' }}
      breakpoints={{ '720px': '96vw' }}
      modal
      closable={!pending}
      data-testid="checkout-dialog"
    >
      {pix ? (
        <div className="checkout-pix" data-testid="checkout-pix">
          <p>{t('billing.checkout.pixInstructions')}</p>
          {qr ? <img src={qr} alt={t('billing.checkout.pixCode')} width={220} height={220} className="checkout-pix__qr" /> : null}
          <p className="checkout-price" data-testid="checkout-pix-value">
            {formatBrl(pix.valor.original)}
          </p>
          <FormField id="checkout-pix-code" label={t('billing.checkout.pixCode')}>
            <InputTextarea
              id="checkout-pix-code"
              readOnly
              value={pix.qrcode.qrcode}
              rows={3}
              className="checkout-pix__code"
              data-testid="checkout-pix-code"
            />
          </FormField>
          <Button
            type="button"
            outlined
            icon={copied ? 'pi pi-check' : 'pi pi-copy'}
            label={copied ? t('billing.checkout.copied') : t('billing.checkout.copy')}
            onClick={copy}
            data-testid="checkout-copy"
          />
          <p role="status" data-testid="checkout-pix-status">
            {paidUntil ? t('billing.checkout.paid', { date: formatDate(new Date(paidUntil)) }) : t('billing.checkout.waiting')}
          </p>
        </div>
      ) : values && invoice ? (
        <form id="checkout-form" onSubmit={next} noValidate>
          <ol className="checkout-steps" aria-label={t('billing.checkout.stepsLabel')} data-testid="checkout-steps">
            {CHECKOUT_STEPS.map((name, index) => (
              <li
                key={name}
                aria-current={index === step ? 'step' : undefined}
                className={index === step ? 'checkout-steps__item checkout-steps__item--active' : 'checkout-steps__item'}
              >
                {index + 1}. {t(`billing.checkout.steps.${name}`)}
              </li>
            ))}
          </ol>
          {step === 0 ? (
            <div className="checkout-grid">
              {TEXT_FIELDS.map((field) => (
                <FormField
                  key={field}
                  id={`checkout-${field}`}
                  label={t(`billing.checkout.${field}`)}
                  error={field === 'firstName' || field === 'zipcode' ? errors[field] : undefined}
                >
                  <InputText
                    {...fieldA11y(`checkout-${field}`, field === 'firstName' || field === 'zipcode' ? errors[field] : undefined)}
                    value={values[field]}
                    onChange={(e) => change({ [field]: e.target.value })}
                    autoFocus={field === 'firstName'}
                    data-testid={`checkout-${field}`}
                  />
                </FormField>
              ))}
            </div>
          ) : step === 1 ? (
            <fieldset className="checkout-plan">
              <legend>{t('billing.checkout.planLabel')}</legend>
              <div className="checkout-plan__option">
                <RadioButton
                  inputId="checkout-plan-company"
                  name="checkout-plan"
                  value="company"
                  checked={values.planKind === 'company'}
                  onChange={() => change({ planKind: 'company' })}
                />
                <label htmlFor="checkout-plan-company">
                  {t('billing.checkout.companyPlan', { name: companyPlan?.name ?? '…' })} ({formatBrl(companyPlan?.value ?? 0)})
                </label>
              </div>
              <div className="checkout-plan__option">
                <RadioButton
                  inputId="checkout-plan-custom"
                  name="checkout-plan"
                  value="custom"
                  checked={values.planKind === 'custom'}
                  onChange={() => change({ planKind: 'custom' })}
                  data-testid="checkout-plan-custom"
                />
                <label htmlFor="checkout-plan-custom">{t('billing.checkout.customPlan')}</label>
              </div>
              {values.planKind === 'custom' ? (
                <div className="checkout-grid">
                  <CountField
                    name="users"
                    min={CUSTOM_PLAN_MIN_USERS}
                    value={values.users}
                    onChange={(n) => change({ users: clampUsers(n) })}
                  />
                  <CountField
                    name="connections"
                    min={CUSTOM_PLAN_MIN_CONNECTIONS}
                    value={values.connections}
                    onChange={(n) => change({ connections: clampConnections(n) })}
                  />
                </div>
              ) : null}
              <p className="checkout-price" data-testid="checkout-price">
                {t('billing.checkout.price')}: {formatBrl(price)}
              </p>
            </fieldset>
          ) : (
            <dl className="checkout-review" data-testid="checkout-review">
              <dt>{t('billing.checkout.invoice')}</dt>
              <dd>#{invoice.id}</dd>
              <dt>{t('billing.checkout.planLabel')}</dt>
              <dd>{values.planKind === 'custom' ? t('billing.checkout.customPlan') : companyPlan?.name}</dd>
              <dt>{t('billing.checkout.users')}</dt>
              <dd>{values.planKind === 'custom' ? values.users : invoice.users}</dd>
              <dt>{t('billing.checkout.connections')}</dt>
              <dd>{values.planKind === 'custom' ? values.connections : invoice.connections}</dd>
              <dt>{t('billing.checkout.payer')}</dt>
              <dd>{values.firstName}</dd>
              <dt>{t('billing.checkout.document')}</dt>
              <dd>{values.zipcode || '—'}</dd>
              <dt>{t('billing.checkout.price')}</dt>
              <dd data-testid="checkout-review-price">{formatBrl(price)}</dd>
            </dl>
          )}
        </form>
      ) : null}
    </Dialog>
  );
}
