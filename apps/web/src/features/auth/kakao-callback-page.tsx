import { CheckCircle2, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { kakaoCallback } from './auth.api';
import { afterLoginTarget, errorCode, kakaoCallbackProblem } from './auth-errors';
import { AuthCard } from './components/auth-card';
import { kakaoStateMatches } from './kakao';
import { authMessages } from './messages';

const m = authMessages.kakao;

type CallbackState = { kind: 'processing' } | { kind: 'success' } | { kind: 'error'; text: string; delayMs: number };

/** /auth/kakao/callback (spec 2.12, 4): processing, error (to /login after 2 s or 3 s), success. */
export default function KakaoCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const [state, setState] = useState<CallbackState>({ kind: 'processing' });
  // The code is single use: strict mode's second effect run must not spend it again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const problem = kakaoCallbackProblem(params);
    if (problem) {
      setState({ kind: 'error', ...problem });
      return;
    }
    // Login CSRF: only the login this tab started (same state) reaches the server.
    const returnedState = params.get('state');
    if (!kakaoStateMatches(returnedState) || !returnedState) {
      setState({ kind: 'error', text: m.stateInvalid, delayMs: 3000 });
      return;
    }
    kakaoCallback(params.get('code') ?? '', returnedState).then(
      (answer) => {
        signIn(answer.access_token, answer.user);
        setState({ kind: 'success' });
        navigate(afterLoginTarget(answer.user.user_type), { replace: true });
      },
      (err) =>
        setState({
          kind: 'error',
          text: errorCode(err) === 'social_state_invalid' ? m.stateInvalid : m.failed,
          delayMs: 3000,
        }),
    );
  }, [params, navigate, signIn]);

  useEffect(() => {
    if (state.kind !== 'error') return;
    const timer = setTimeout(() => navigate(paths.login.getHref(), { replace: true }), state.delayMs);
    return () => clearTimeout(timer);
  }, [state, navigate]);

  return (
    <AuthCard title={m.title}>
      <div className="auth-status" aria-live="polite">
        {state.kind === 'processing' ? (
          <>
            <div className="spinner" aria-hidden="true" />
            <p role="status">{m.processing}</p>
          </>
        ) : null}
        {state.kind === 'success' ? (
          <>
            <CheckCircle2 size={40} aria-hidden="true" className="auth-status-icon" />
            <p role="status">{m.success}</p>
          </>
        ) : null}
        {state.kind === 'error' ? (
          <>
            <TriangleAlert size={40} aria-hidden="true" className="auth-status-icon auth-status-error" />
            <p role="alert">{state.text}</p>
            <p className="field-hint">{m.redirecting(state.delayMs / 1000)}</p>
            <Link to={paths.login.getHref()} className="btn btn-outline">
              {m.toLogin}
            </Link>
          </>
        ) : null}
      </div>
    </AuthCard>
  );
}
