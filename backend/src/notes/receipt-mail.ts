import type { LanguageCode } from '../../../shared/languages.ts';

interface ReceiptWording {
  subject: string;
  /** `{date}` is replaced by the time of reading, written out in the same language. */
  opened: string;
  nothingInside: string;
}

/**
 * The read receipt in the language the sender used when creating the note. It says that and
 * when, never what or which: no content, no link, no note id.
 */
const WORDING: Record<LanguageCode, ReceiptWording> = {
  en: {
    subject: 'Your Ashnote note was read',
    opened: 'A note you created with Ashnote was opened and destroyed on {date}.',
    nothingInside:
      'This message contains neither the note nor its link. The note no longer exists.',
  },
  es: {
    subject: 'Tu nota de Ashnote ha sido leída',
    opened: 'Una nota que creaste con Ashnote se abrió y se destruyó el {date}.',
    nothingInside: 'Este mensaje no contiene ni la nota ni su enlace. La nota ya no existe.',
  },
  fr: {
    subject: 'Votre note Ashnote a été lue',
    opened: 'Une note que vous avez créée avec Ashnote a été ouverte et détruite le {date}.',
    nothingInside: 'Ce message ne contient ni la note ni son lien. La note n’existe plus.',
  },
  de: {
    subject: 'Deine Ashnote-Notiz wurde gelesen',
    opened: 'Eine Notiz, die du mit Ashnote erstellt hast, wurde am {date} geöffnet und gelöscht.',
    nothingInside:
      'Diese Nachricht enthält weder die Notiz noch ihren Link. Die Notiz existiert nicht mehr.',
  },
  zh: {
    subject: '您的 Ashnote 笔记已被阅读',
    opened: '您用 Ashnote 创建的一条笔记已于 {date} 被打开并销毁。',
    nothingInside: '本邮件既不包含笔记内容，也不包含其链接。该笔记已不复存在。',
  },
  ja: {
    subject: 'Ashnote のノートが読まれました',
    opened: 'Ashnote で作成したノートが {date} に開かれ、破棄されました。',
    nothingInside:
      'このメールにはノートの内容もリンクも含まれていません。ノートはもう存在しません。',
  },
  ko: {
    subject: 'Ashnote 노트를 누군가 읽었습니다',
    opened: 'Ashnote로 만든 노트가 {date}에 열람되어 삭제되었습니다.',
    nothingInside:
      '이 메일에는 노트 내용도 링크도 들어 있지 않습니다. 노트는 더 이상 존재하지 않습니다.',
  },
  ar: {
    subject: 'تمت قراءة ملاحظتك على Ashnote',
    opened: 'فُتحت ملاحظة أنشأتها باستخدام Ashnote ثم أُتلفت في {date}.',
    nothingInside: 'لا تحتوي هذه الرسالة على الملاحظة ولا على رابطها. لم تعد الملاحظة موجودة.',
  },
  pt: {
    subject: 'A sua nota do Ashnote foi lida',
    opened: 'Uma nota que criou com o Ashnote foi aberta e destruída em {date}.',
    nothingInside: 'Esta mensagem não contém a nota nem a sua ligação. A nota já não existe.',
  },
  ru: {
    subject: 'Вашу заметку в Ashnote прочитали',
    opened: 'Заметка, которую вы создали в Ashnote, была открыта и уничтожена {date}.',
    nothingInside: 'В этом письме нет ни заметки, ни ссылки на неё. Заметки больше не существует.',
  },
  hi: {
    subject: 'आपका Ashnote नोट पढ़ लिया गया',
    opened: 'Ashnote से बनाया गया आपका एक नोट {date} खोला गया और नष्ट कर दिया गया।',
    nothingInside: 'इस संदेश में न तो नोट है और न ही उसका लिंक। वह नोट अब मौजूद नहीं है।',
  },
  it: {
    subject: 'La tua nota Ashnote è stata letta',
    opened: 'Una nota che hai creato con Ashnote è stata aperta e distrutta il {date}.',
    nothingInside:
      'Questo messaggio non contiene né la nota né il suo link. La nota non esiste più.',
  },
};

export function receiptMail(
  language: LanguageCode,
  readAt: Date,
): { subject: string; text: string } {
  const wording = WORDING[language];
  // UTC, named as such: the server does not know the sender's time zone.
  const date = new Intl.DateTimeFormat(language, {
    dateStyle: 'long',
    timeStyle: 'long',
    timeZone: 'UTC',
  }).format(readAt);
  return {
    subject: wording.subject,
    text: `${wording.opened.replace('{date}', date)}\n\n${wording.nothingInside}\n`,
  };
}
