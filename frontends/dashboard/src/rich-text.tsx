import { Fragment, type ReactNode } from 'react';

/**
 * A catalog text with numbered tags, Lingui's way ('Use <0>Switch Account</0> in your account
 * menu…'): the words stay one sentence in the catalog and each tag's content is drawn by its
 * function (<strong>, a link). A tag without a function draws its words plain.
 */
export const richText = (text: string, tags: Readonly<Record<string, (content: string) => ReactNode>>): ReactNode[] => {
  const parts: ReactNode[] = [];
  const pattern = /<(\d+)>([\s\S]*?)<\/\1>/g;
  let last = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const draw = tags[match[1] ?? ''];
    const content = match[2] ?? '';
    parts.push(<Fragment key={match.index}>{draw ? draw(content) : content}</Fragment>);
    last = pattern.lastIndex;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
};
