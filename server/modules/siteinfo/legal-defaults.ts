import { renderTrustedMarkdown } from '../../infra/markdown/render.js';

/**
 * The terms and privacy policy a new site starts with (sign-up says "you agree to the terms"): short,
 * generic and true of any Lantern site, which runs on its operators' own machine and sends nothing
 * elsewhere by itself. The admin edits them under Admin > Settings > Legal; a site whose texts are
 * empty shows these.
 */
export const DEFAULT_TERMS_OF_SERVICE = `This site is a question-and-answer site run by its team for its members. By creating an account or posting here you agree to these terms. The people who run this site may change them; the current version is always on this page.

## Your account

- Keep your password to yourself. You are responsible for what is posted from your account.
- Give a real email address: it is used to activate your account and to reset your password.
- You may stop using the site at any time. Ask an administrator if you want your account deleted.

## What you post

- You keep the rights to what you write. By posting you allow this site to store and show it to the site's members (and to visitors, if the site is public), and allow other members to edit it where the site's rules let them, as is usual on question-and-answer sites.
- Post only what you have the right to share. Do not post passwords, secrets or other people's personal data.
- Be civil. No harassment, spam, illegal content or content that puts others at risk.

## Moderation

Moderators and administrators may edit, close, hide or delete posts and may suspend or delete accounts that break these terms or the site's rules.

## No warranty

Answers are written by members and may be wrong. Use them at your own judgement. The site is provided as it is, without any guarantee that it will be available or that its content is correct.

## Contact

Questions about these terms go to the site's administrators.
`;

export const DEFAULT_PRIVACY_POLICY = `This site runs on its team's own computer or server. This page says what it keeps about you and why.

## What is kept

- **Your account**: display name, username, email address and a one-way hash of your password (the password itself is never stored), plus what you add to your profile (avatar, bio, website, location).
- **What you post**: questions, answers, comments, edits, votes, bookmarks and follows.
- **Activity**: when you signed in and the sessions you are signed in with, your reputation and badges, notifications, and the number of times posts were viewed.
- **Technical data**: the server may log requests (address, time, page) to run and protect the site.

## How it is used

Only to run this site: to show your posts and profile to its members, to sign you in, to send you the emails you asked for (account activation, password reset, notifications you can turn off in your settings) and to keep the site safe from abuse.

## Who sees it

Your posts, display name, username, avatar and profile are visible to the site's members (and to visitors, if the site is public). Your email address is visible only to you and the site's administrators. Nothing is sold or shared with advertisers. The site sends nothing to other services by itself; an administrator may choose to use an outside service (for example an email server or Gravatar avatars).

## How long it is kept

As long as your account exists. Deleted posts may be kept so that moderators can review or restore them. Ask an administrator to delete your account; your posts may then be removed too.

## Your choices

You can edit your profile and notification settings at any time, and ask the site's administrators for a copy of your data, a correction or its deletion.
`;

/** The legal texts' defaults, as markdown and as the HTML the renderer makes of it. */
export const LEGAL_TEXT_DEFAULTS = {
  terms_of_service_original_text: DEFAULT_TERMS_OF_SERVICE,
  terms_of_service_parsed_text: renderTrustedMarkdown(DEFAULT_TERMS_OF_SERVICE),
  privacy_policy_original_text: DEFAULT_PRIVACY_POLICY,
  privacy_policy_parsed_text: renderTrustedMarkdown(DEFAULT_PRIVACY_POLICY),
};

/** The legal group with an empty text replaced by its default (each text with its HTML). */
export function withDefaultLegalTexts<
  L extends {
    terms_of_service_original_text: string;
    terms_of_service_parsed_text: string;
    privacy_policy_original_text: string;
    privacy_policy_parsed_text: string;
  },
>(legal: L): L {
  const out = { ...legal };
  if (!out.terms_of_service_original_text.trim()) {
    out.terms_of_service_original_text = LEGAL_TEXT_DEFAULTS.terms_of_service_original_text;
    out.terms_of_service_parsed_text = LEGAL_TEXT_DEFAULTS.terms_of_service_parsed_text;
  }
  if (!out.privacy_policy_original_text.trim()) {
    out.privacy_policy_original_text = LEGAL_TEXT_DEFAULTS.privacy_policy_original_text;
    out.privacy_policy_parsed_text = LEGAL_TEXT_DEFAULTS.privacy_policy_parsed_text;
  }
  return out;
}
