import { useState, type ButtonHTMLAttributes, type CSSProperties, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import './lean-controls.css';

/**
 * Button, inputs and spinner with PrimeReact's markup and theme classes but none of its JavaScript, for what the
 * first page load renders (the sign-in page, route guards, loaders): PrimeReact's shared runtime alone is about
 * 18 KB gzip. The rest of the app uses PrimeReact itself; both look the same.
 */
const cx = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');

export interface LeanButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  label?: string;
  /** primeicons classes, e.g. `pi pi-sign-in` */
  icon?: string;
  loading?: boolean;
  text?: boolean;
  rounded?: boolean;
  severity?: 'secondary';
  ref?: Ref<HTMLButtonElement>;
}

export function LeanButton({
  label,
  icon,
  loading = false,
  text,
  rounded,
  severity,
  className,
  disabled,
  type = 'button',
  ...rest
}: LeanButtonProps) {
  const iconClass = loading ? 'p-button-loading-icon pi pi-spin pi-spinner' : icon;
  return (
    <button
      aria-label={label}
      {...rest}
      type={type}
      disabled={disabled || loading}
      className={cx(
        'p-button p-component',
        !label && 'p-button-icon-only',
        text && 'p-button-text',
        rounded && 'p-button-rounded',
        severity && `p-button-${severity}`,
        loading && 'p-disabled p-button-loading p-button-loading-left',
        className,
      )}
    >
      {iconClass ? (
        <span className={cx('p-button-icon p-c', label && 'p-button-icon-left', iconClass)} aria-hidden="true" />
      ) : null}
      <span className="p-button-label p-c">{label ?? '\u00a0'}</span>
    </button>
  );
}

export interface LeanInputTextProps extends InputHTMLAttributes<HTMLInputElement> {
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export function LeanInputText({ invalid, className, ...rest }: LeanInputTextProps) {
  return (
    <input
      {...rest}
      className={cx('p-inputtext p-component', invalid && 'p-invalid', Boolean(rest.value) && 'p-filled', className)}
    />
  );
}

export interface LeanPasswordProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  inputId: string;
  inputRef?: Ref<HTMLInputElement>;
  invalid?: boolean;
}

/** A password input with the show/hide toggle of PrimeReact's `<Password toggleMask feedback={false}>`. */
export function LeanPassword({ inputId, inputRef, invalid, className, ...rest }: LeanPasswordProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const filled = Boolean(rest.value);
  return (
    <div
      className={cx('p-password p-component p-inputwrapper', filled && 'p-inputwrapper-filled', 'p-input-icon-right', className)}
    >
      <div className="p-icon-field p-icon-field-right">
        <input
          {...rest}
          id={inputId}
          ref={inputRef}
          type={shown ? 'text' : 'password'}
          className={cx('p-password-input p-inputtext p-component', filled && 'p-filled', invalid && 'p-invalid')}
        />
        <span className="p-input-icon">
          <button
            type="button"
            className="lean-password__toggle"
            aria-label={shown ? t('a11y.passwordHide') : t('a11y.passwordShow')}
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
          >
            <i className={cx('pi', shown ? 'pi-eye-slash' : 'pi-eye')} aria-hidden="true" />
          </button>
        </span>
      </div>
    </div>
  );
}

/** PrimeReact's ProgressSpinner markup; the theme and lean-controls.css animate it. */
export function LeanSpinner({ style, strokeWidth = '2' }: { style?: CSSProperties; strokeWidth?: string }) {
  return (
    <div className="p-progress-spinner" role="progressbar" aria-busy="true" aria-hidden="true" style={style}>
      <svg className="p-progress-spinner-svg" viewBox="25 25 50 50">
        <circle
          className="p-progress-spinner-circle"
          cx="50"
          cy="50"
          r="20"
          fill="none"
          strokeWidth={strokeWidth}
          strokeMiterlimit="10"
        />
      </svg>
    </div>
  );
}
