/**
 * Korean particles (조사) after a name the code does not know in advance: a shop, a tenant, a status
 * label, a file. Shared by the server's messages and the web's, so both pick the same form.
 */

/** The particles whose form depends on the word before them: [after a final consonant, after a vowel]. */
const PARTICLES = {
  을: ['을', '를'],
  를: ['을', '를'],
  이: ['이', '가'],
  가: ['이', '가'],
  은: ['은', '는'],
  는: ['은', '는'],
  과: ['과', '와'],
  와: ['과', '와'],
  으로: ['으로', '로'],
  로: ['으로', '로'],
} as const;
export type Particle = keyof typeof PARTICLES;

/** The final consonant of how a name ends: 'none', 'rieul' (ㄹ, which takes 로) or 'other'; null when unknown. */
type Final = 'none' | 'rieul' | 'other';

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
const RIEUL = 8; // the jongseong index of ㄹ

/** Digits as read in Korean: 영 일 이 삼 사 오 육 칠 팔 구 (10, 100, 1000 end in 십/백/천: a final). */
const DIGIT_FINALS: Final[] = ['other', 'rieul', 'none', 'other', 'none', 'none', 'other', 'rieul', 'rieul', 'none'];

/** Latin letters read one by one (에이, 비, 씨 … 엘, 엠, 엔 … 알): only L, M, N and R end in a consonant. */
function letterFinal(letter: string): Final {
  const l = letter.toLowerCase();
  if (l === 'l' || l === 'r') return 'rieul';
  return l === 'm' || l === 'n' ? 'other' : 'none';
}

/**
 * A Latin word read as one (mall 몰, farm 팜, market 마켓, shop 숍, store 스토어, mart 마트): ends in
 * a consonant after l, m, n, ng, and after k, p or t right behind a vowel; ㄹ after l.
 */
function wordFinal(word: string): Final {
  const w = word.toLowerCase();
  if (w.endsWith('l')) return 'rieul';
  if (/(?:[mn]|ng)$/.test(w)) return 'other';
  return /[aeiou][kpt]$/.test(w) ? 'other' : 'none';
}

function finalOf(name: string): Final | null {
  let text = name.trim();
  // A closing quote or bracket: the word inside decides; a parenthesis after a word (바른마켓(mall.localhost))
  // is read as an aside, so the word before it decides.
  for (;;) {
    const aside = /^(.*\S)\s*\([^()]*\)$/.exec(text);
    if (aside?.[1]) text = aside[1];
    else if (/["'”’」』\])]$/.test(text)) text = text.slice(0, -1).trimEnd();
    else break;
  }
  const last = text.at(-1);
  if (!last) return null;
  const code = last.charCodeAt(0);
  if (code >= HANGUL_FIRST && code <= HANGUL_LAST) {
    const jong = (code - HANGUL_FIRST) % 28;
    return jong === 0 ? 'none' : jong === RIEUL ? 'rieul' : 'other';
  }
  if (/\d/.test(last)) {
    // 10, 200, 3000: 십, 백, 천 (a final); otherwise the last digit as read.
    return /[1-9]0+$/.test(text) ? 'other' : (DIGIT_FINALS[Number(last)] ?? null);
  }
  const latin = /(^|[^A-Za-z])([A-Za-z]+)$/.exec(text);
  if (latin?.[2]) {
    const run = latin[2];
    // One letter, an acronym (KT, SK) or a file extension (.jpg) is read letter by letter.
    if (run.length === 1 || run === run.toUpperCase() || latin[1] === '.') return letterFinal(run.at(-1) as string);
    return wordFinal(run);
  }
  return null;
}

/**
 * `name` followed by the particle that fits how it ends: withParticle('바른마켓', '을') -> '바른마켓을',
 * withParticle('우리동네 농장', '이') -> '우리동네 농장이', withParticle('서울', '으로') -> '서울로'. Either
 * form of the particle may be asked for. Digits and Latin letters are judged by their Korean reading
 * (7 칠 -> '7로', 3 삼 -> '3으로', farm.localhost 로컬호스트 -> '로'), an aside in parentheses by the
 * word before it. Only a name that cannot be judged (an emoji, a symbol, nothing) gets both forms,
 * written the way Korean writes an undecided particle: 을(를), 이(가), (으)로.
 */
export function withParticle(name: string, particle: Particle): string {
  const [withFinal, withoutFinal] = PARTICLES[particle];
  const final = finalOf(name);
  if (final === null) return withFinal === '으로' ? `${name}(으)로` : `${name}${withFinal}(${withoutFinal})`;
  if (withFinal === '으로') return `${name}${final === 'other' ? '으로' : '로'}`;
  return `${name}${final === 'none' ? withoutFinal : withFinal}`;
}
