/** The words of each mail, as plain text and as simple HTML (no images, no tracking). */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface MailContext {
  streamer: string;
  unsubscribeUrl: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function compose(context: MailContext, subject: string, lines: string[], action?: { label: string; url: string }): MailContent {
  const footer = `You get this mail because of your LiveQueue e-mail settings for ${context.streamer}. Unsubscribe in one click: ${context.unsubscribeUrl}`;
  const text = [...lines, ...(action ? ["", `${action.label}: ${action.url}`] : []), "", "--", footer, ""].join("\n");
  const paragraphs = lines.filter(Boolean).map((line) => `<p>${escapeHtml(line)}</p>`);
  const button = action ? [`<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`] : [];
  const html = [
    "<!doctype html>",
    `<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:sans-serif;line-height:1.5">`,
    ...paragraphs,
    ...button,
    `<hr><p style="font-size:smaller">You get this mail because of your LiveQueue e-mail settings for ${escapeHtml(context.streamer)}. ` +
      `<a href="${escapeHtml(context.unsubscribeUrl)}">Unsubscribe</a></p>`,
    "</body></html>",
  ].join("\n");
  return { subject, text, html };
}

export function confirmationMail(context: MailContext, confirmUrl: string, options: string[]): MailContent {
  return compose(
    context,
    `Confirm your e-mail subscription to ${context.streamer}`,
    [
      `Someone (we hope you) asked to get ${options.join(" and ")} from ${context.streamer}'s song queue at this address.`,
      "Nothing more will be sent until you confirm. If it was not you, ignore this mail.",
    ],
    { label: "Confirm my subscription", url: confirmUrl },
  );
}

export function queueOpenMail(context: MailContext, queueUrl: string): MailContent {
  return compose(context, `${context.streamer}'s queue is open`, [`${context.streamer}'s song queue is open: send your track now.`], {
    label: "Open the queue",
    url: queueUrl,
  });
}

export function upNextMail(context: MailContext, trackTitle: string, queueUrl: string): MailContent {
  return compose(context, `You're up next: ${trackTitle}`, [`"${trackTitle}" is next in ${context.streamer}'s queue. Stay close: it plays after the current song.`], {
    label: "Follow the queue",
    url: queueUrl,
  });
}

export function trackPlayedMail(context: MailContext, track: { track_title: string; artist_name: string }, historyUrl: string): MailContent {
  return compose(
    context,
    `Your track was played: ${track.track_title}`,
    [`${context.streamer} just played "${track.track_title}" by ${track.artist_name}. Thank you for sending it!`],
    { label: "See your history", url: historyUrl },
  );
}

export function declinedMail(context: MailContext, track: { track_title: string; artist_name: string; reason: string }, queueUrl: string): MailContent {
  return compose(
    context,
    `Your track was declined: ${track.track_title}`,
    [`${context.streamer} declined "${track.track_title}" by ${track.artist_name}.`, `Reason: ${track.reason}`],
    { label: "Open the queue", url: queueUrl },
  );
}
