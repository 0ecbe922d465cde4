import { TEST_PAYMENT_NOTICE } from '@app/contracts';
import formbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { SandboxPaymentRow } from './sandbox.schema.js';
import { SANDBOX_CARDS, type SandboxGateway } from './sandbox-gateway.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const html = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);

const STYLE = `
  *{box-sizing:border-box}body{margin:0;font-family:"Pretendard","Noto Sans KR","Apple SD Gothic Neo",sans-serif;background:#f2f4f6;color:#191f28}
  main{max-width:420px;margin:0 auto;padding:24px 16px}
  .badge{display:inline-block;margin:0;font-size:12px;font-weight:700;color:#b45309;background:#fef3c7;border-radius:999px;padding:4px 10px}
  h1{font-size:20px;margin:12px 0 4px}.order{color:#4e5968;margin:0 0 16px}
  .amount{font-size:28px;font-weight:800;margin:0 0 20px}
  form{background:#fff;border-radius:16px;padding:20px;box-shadow:0 1px 3px rgba(0,0,0,.06)}
  label{display:block;font-size:14px;font-weight:600;margin-bottom:8px}
  input{width:100%;font-size:18px;letter-spacing:1px;padding:12px 14px;border:1px solid #d1d6db;border-radius:10px}
  input:focus{outline:2px solid #1b64da;border-color:#1b64da}
  .error{color:#e5484d;font-size:14px;margin:8px 0 0}
  .actions{display:flex;gap:8px;margin-top:16px}
  button{flex:1;font-size:16px;font-weight:700;padding:14px;border-radius:10px;border:0;cursor:pointer}
  .pay{background:#1b64da;color:#fff}.cancel{background:#f2f4f6;color:#4e5968}
  .cards{margin-top:20px;font-size:13px;color:#4e5968;line-height:1.7}.cards code{font-size:13px;color:#191f28}
`;

function page(title: string, body: string) {
  return `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${html(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function checkoutPage(payment: SandboxPaymentRow, error?: string) {
  const action = `/sandbox-pay/${encodeURIComponent(payment.paymentId)}`;
  return page(
    '테스트 결제',
    `<p class="badge" role="note">${html(TEST_PAYMENT_NOTICE)}</p>
<h1>카드 결제</h1>
<p class="order">${html(payment.orderName)}</p>
<p class="amount">${payment.totalAmount.toLocaleString('ko-KR')}원</p>
<form method="post" action="${action}">
  <label for="card">카드 번호</label>
  <input id="card" name="card" inputmode="numeric" autocomplete="off" placeholder="0000 0000 0000 0000" maxlength="23" required>
  ${error ? `<p class="error" role="alert">${html(error)}</p>` : ''}
  <div class="actions">
    <button class="cancel" type="submit" name="cancel" value="1" formnovalidate>결제 취소</button>
    <button class="pay" type="submit">결제하기</button>
  </div>
</form>
<div class="cards">
  <strong>테스트 카드</strong><br>
  승인: <code>${SANDBOX_CARDS.approve}</code><br>
  거절 (한도 초과): <code>${SANDBOX_CARDS.decline}</code><br>
  보류 (잠시 후 승인): <code>${SANDBOX_CARDS.pending}</code>
</div>`,
  );
}

const missingPage = () =>
  page(
    '결제 정보 없음',
    '<h1>결제 정보를 찾을 수 없습니다.</h1><p class="order">결제를 처음부터 다시 시작해주세요.</p>',
  );

const PAYMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

const sendHtml = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

/**
 * The sandbox gateway's checkout page, on the tenant's own domain: a plain card form (no script)
 * that approves, declines or leaves pending by test card number, then sends the buyer back to the
 * shop's /payment/callback exactly as the provider's redirect does. Registered only when the
 * sandbox is the configured gateway.
 */
export const sandboxCheckoutRoutes: FastifyPluginAsync<{ gateway: SandboxGateway }> = async (app, { gateway }) => {
  await app.register(formbody, { bodyLimit: 4 * 1024 });

  app.get<{ Params: { paymentId: string } }>(
    '/sandbox-pay/:paymentId',
    { schema: { hide: true } },
    async (request, reply) => {
      const payment = PAYMENT_ID.test(request.params.paymentId)
        ? await gateway.find(request.tenant.id, request.params.paymentId)
        : null;
      if (!payment) return sendHtml(reply, 404, missingPage());
      if (payment.status !== 'READY') {
        const decision = await gateway.submit(request.tenant.id, payment.paymentId, {});
        if (decision.kind === 'redirect') return reply.redirect(decision.url, 303);
      }
      return sendHtml(reply, 200, checkoutPage(payment));
    },
  );

  app.post<{ Params: { paymentId: string }; Body: { card?: unknown; cancel?: unknown } }>(
    '/sandbox-pay/:paymentId',
    { schema: { hide: true } },
    async (request, reply) => {
      if (!PAYMENT_ID.test(request.params.paymentId)) return sendHtml(reply, 404, missingPage());
      const body = request.body ?? {};
      const decision = await gateway.submit(request.tenant.id, request.params.paymentId, {
        card: typeof body.card === 'string' ? body.card : undefined,
        cancel: body.cancel !== undefined,
      });
      if (decision.kind === 'missing') return sendHtml(reply, 404, missingPage());
      if (decision.kind === 'form') return sendHtml(reply, 400, checkoutPage(decision.payment, decision.error));
      return reply.redirect(decision.url, 303);
    },
  );
};
