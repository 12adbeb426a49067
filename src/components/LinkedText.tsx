import { cloneElement, type ReactElement } from 'react';

const GOTO = /^([\s\S]*?)<goto>([\s\S]*?)<\/goto>([\s\S]*)$/;

/** A translated sentence with one link in it, written `… <goto>the link's words</goto> …` in every
 * language (the shell's warnings and hints): the words between the tags become the link's text.
 * (react-i18next's Trans does this for any markup, at the price of an HTML parser in the shell's
 * chunk, which every signed-in page loads.) A text without the tags is shown as it is. */
export function LinkedText({ text, link }: { text: string; link: ReactElement<{ children?: React.ReactNode }> }) {
  const parts = GOTO.exec(text);
  if (!parts) return <>{text}</>;
  const [, before, words, after] = parts;
  return (
    <>
      {before}
      {cloneElement(link, undefined, words)}
      {after}
    </>
  );
}
