import { emailSchema } from '@app/contracts';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@/components/form/text-field';
import { sendVerificationEmail, verifyEmail } from '../auth.api';
import { sendCodeFailure, verifyCodeFailure } from '../auth-errors';
import { authMessages } from '../messages';

const m = authMessages.verify;

/**
 * Spec 4, customer registration: e-mail entered, code sent, code entered, e-mail verified (field
 * locked, button reads "verified"). The server refuses a registration whose e-mail is not verified.
 */
export function useEmailVerification() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [verifiedEmail, setVerifiedEmail] = useState<string | null>(null);
  const [cooldown, setCooldown] = useState(0);
  const [sentMinutes, setSentMinutes] = useState(10);
  useEffect(() => {
    if (cooldown <= 0) return;
    const t = setTimeout(() => setCooldown((c) => c - 1), 1000);
    return () => clearTimeout(t);
  }, [cooldown]);
  return { sentTo, setSentTo, verifiedEmail, setVerifiedEmail, cooldown, setCooldown, sentMinutes, setSentMinutes };
}

type Verification = ReturnType<typeof useEmailVerification>;

function normalise(email: string): string | null {
  const parsed = emailSchema.safeParse(email);
  return parsed.success ? parsed.data : null;
}

export function isEmailVerified(v: Verification, email: string): boolean {
  const n = normalise(email);
  return !!n && v.verifiedEmail === n;
}

interface Props {
  verification: Verification;
  email: string;
  emailField: UseFormRegisterReturn<'email'>;
  emailError?: string;
  /** Puts a message on the e-mail field (empty e-mail, taken e-mail). */
  setEmailError: (message: string) => void;
  clearEmailError: () => void;
}

/** The e-mail field with "send code", the code field with "verify", and the verified state. */
export function EmailVerificationFields({
  verification: v,
  email,
  emailField,
  emailError,
  setEmailError,
  clearEmailError,
}: Props) {
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [checking, setChecking] = useState(false);
  const normalised = normalise(email);
  const verified = !!normalised && v.verifiedEmail === normalised;
  const sentHere = !!normalised && v.sentTo === normalised;

  const send = async () => {
    if (!email.trim()) return setEmailError(m.emailRequired);
    if (!normalised) return setEmailError(emailSchema.safeParse(email).error?.issues[0]?.message ?? m.sendFailed);
    setSending(true);
    clearEmailError();
    try {
      const answer = await sendVerificationEmail(normalised);
      v.setSentTo(normalised);
      v.setCooldown(answer.resend_after ?? 60);
      v.setSentMinutes(Math.max(1, Math.round((answer.expires_in ?? 600) / 60)));
      setCode('');
      setCodeError(null);
    } catch (err) {
      setEmailError(sendCodeFailure(err));
    } finally {
      setSending(false);
    }
  };

  const check = async () => {
    if (!normalised) return;
    if (!code.trim()) return setCodeError(m.codeRequired);
    setChecking(true);
    setCodeError(null);
    try {
      await verifyEmail(normalised, code.trim());
      v.setVerifiedEmail(normalised);
    } catch (err) {
      setCodeError(verifyCodeFailure(err));
    } finally {
      setChecking(false);
    }
  };

  const sendLabel = verified ? m.verified : sentHere ? (v.cooldown > 0 ? m.resendIn(v.cooldown) : m.resend) : m.send;
  return (
    <>
      <TextField
        label={authMessages.email}
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder={authMessages.emailPlaceholder}
        readOnly={verified}
        error={emailError}
        hint={verified ? <span className="field-success">{m.verifiedText}</span> : undefined}
        action={
          <button
            type="button"
            className={verified ? 'btn btn-outline' : 'btn btn-primary'}
            onClick={send}
            disabled={verified || sending || (sentHere && v.cooldown > 0)}
          >
            {verified ? <CheckCircle2 size={18} aria-hidden="true" /> : null}
            {sendLabel}
          </button>
        }
        {...emailField}
      />
      {sentHere && !verified ? (
        <TextField
          label={m.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={m.codePlaceholder}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void check();
            }
          }}
          hint={m.sent(v.sentMinutes)}
          error={codeError ?? undefined}
          action={
            <button type="button" className="btn btn-primary" onClick={check} disabled={checking}>
              {m.confirm}
            </button>
          }
        />
      ) : null}
    </>
  );
}
