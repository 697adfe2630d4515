import type { DestroyReason } from '../../../shared/api/notes.ts';
import type { LanguageCode } from '../../../shared/languages.ts';

interface ReceiptWording {
  /** The subject and the first line, by how the note ended; `{date}` is when it ended. */
  subject: Record<DestroyReason, string>;
  ended: Record<DestroyReason, string>;
  /** `{reference}`: the sender's own name for the note, given when creating it. */
  reference: string;
  /** `{date}`: when the note was created. */
  created: string;
  nothingInside: string;
}

/**
 * The receipt in the language the sender used when creating the note. It says how and when the
 * note ended, and which note it was in the sender's own words and by its creation time; never
 * what was in it: no content, no link, no note id.
 */
const WORDING: Record<LanguageCode, ReceiptWording> = {
  en: {
    subject: {
      read: 'Your Ashnote note was read',
      expired: 'Your Ashnote note expired unread',
      too_many_attempts: 'Your Ashnote note was destroyed after too many wrong passwords',
      destroyed_by_sender: 'Your Ashnote note was destroyed',
    },
    ended: {
      read: 'A note you created with Ashnote was opened and destroyed on {date}.',
      expired: 'A note you created with Ashnote expired unread on {date} and was destroyed.',
      too_many_attempts:
        'A note you created with Ashnote was destroyed unread on {date} after too many wrong passwords.',
      destroyed_by_sender:
        'A note you created with Ashnote was destroyed unread on {date} with “Destroy now” on its status link.',
    },
    reference: 'Your reference: {reference}',
    created: 'Created on {date}.',
    nothingInside:
      'This message contains neither the note nor its link. The note no longer exists.',
  },
  es: {
    subject: {
      read: 'Tu nota de Ashnote ha sido leída',
      expired: 'Tu nota de Ashnote caducó sin ser leída',
      too_many_attempts: 'Tu nota de Ashnote se destruyó tras demasiadas contraseñas incorrectas',
      destroyed_by_sender: 'Tu nota de Ashnote ha sido destruida',
    },
    ended: {
      read: 'Una nota que creaste con Ashnote se abrió y se destruyó el {date}.',
      expired: 'Una nota que creaste con Ashnote caducó sin ser leída el {date} y se destruyó.',
      too_many_attempts:
        'Una nota que creaste con Ashnote se destruyó sin ser leída el {date} tras demasiadas contraseñas incorrectas.',
      destroyed_by_sender:
        'Una nota que creaste con Ashnote se destruyó sin ser leída el {date} con «Destruir ahora» en su enlace de estado.',
    },
    reference: 'Tu referencia: {reference}',
    created: 'Creada el {date}.',
    nothingInside: 'Este mensaje no contiene ni la nota ni su enlace. La nota ya no existe.',
  },
  fr: {
    subject: {
      read: 'Votre note Ashnote a été lue',
      expired: 'Votre note Ashnote a expiré sans être lue',
      too_many_attempts: 'Votre note Ashnote a été détruite après trop de mots de passe erronés',
      destroyed_by_sender: 'Votre note Ashnote a été détruite',
    },
    ended: {
      read: 'Une note que vous avez créée avec Ashnote a été ouverte et détruite le {date}.',
      expired:
        'Une note que vous avez créée avec Ashnote a expiré sans être lue le {date} et a été détruite.',
      too_many_attempts:
        'Une note que vous avez créée avec Ashnote a été détruite sans être lue le {date} après trop de mots de passe erronés.',
      destroyed_by_sender:
        'Une note que vous avez créée avec Ashnote a été détruite sans être lue le {date} avec « Détruire maintenant » sur son lien de suivi.',
    },
    reference: 'Votre référence : {reference}',
    created: 'Créée le {date}.',
    nothingInside: 'Ce message ne contient ni la note ni son lien. La note n’existe plus.',
  },
  de: {
    subject: {
      read: 'Deine Ashnote-Notiz wurde gelesen',
      expired: 'Deine Ashnote-Notiz ist ungelesen abgelaufen',
      too_many_attempts: 'Deine Ashnote-Notiz wurde nach zu vielen falschen Passwörtern gelöscht',
      destroyed_by_sender: 'Deine Ashnote-Notiz wurde gelöscht',
    },
    ended: {
      read: 'Eine Notiz, die du mit Ashnote erstellt hast, wurde am {date} geöffnet und gelöscht.',
      expired:
        'Eine Notiz, die du mit Ashnote erstellt hast, ist am {date} ungelesen abgelaufen und wurde gelöscht.',
      too_many_attempts:
        'Eine Notiz, die du mit Ashnote erstellt hast, wurde am {date} ungelesen gelöscht, nach zu vielen falschen Passwörtern.',
      destroyed_by_sender:
        'Eine Notiz, die du mit Ashnote erstellt hast, wurde am {date} ungelesen gelöscht, mit „Jetzt löschen“ auf ihrem Statuslink.',
    },
    reference: 'Deine Referenz: {reference}',
    created: 'Erstellt am {date}.',
    nothingInside:
      'Diese Nachricht enthält weder die Notiz noch ihren Link. Die Notiz existiert nicht mehr.',
  },
  zh: {
    subject: {
      read: '你的 Ashnote 笔记已被阅读',
      expired: '你的 Ashnote 笔记未被阅读即已过期',
      too_many_attempts: '你的 Ashnote 笔记因密码错误次数过多已被销毁',
      destroyed_by_sender: '你的 Ashnote 笔记已被销毁',
    },
    ended: {
      read: '你用 Ashnote 创建的一条笔记已于 {date} 被打开并销毁。',
      expired: '你用 Ashnote 创建的一条笔记未被阅读，已于 {date} 过期并销毁。',
      too_many_attempts:
        '你用 Ashnote 创建的一条笔记因密码错误次数过多，已于 {date} 在未被阅读的情况下销毁。',
      destroyed_by_sender:
        '你用 Ashnote 创建的一条笔记已于 {date} 通过其状态链接上的“立即销毁”在未被阅读的情况下销毁。',
    },
    reference: '你的备注：{reference}',
    created: '创建于 {date}。',
    nothingInside: '本邮件既不包含笔记内容，也不包含其链接。该笔记已不复存在。',
  },
  ja: {
    subject: {
      read: 'Ashnote のノートが読まれました',
      expired: 'Ashnote のノートは読まれないまま期限切れになりました',
      too_many_attempts: 'Ashnote のノートはパスワードの誤りが多すぎたため破棄されました',
      destroyed_by_sender: 'Ashnote のノートは破棄されました',
    },
    ended: {
      read: 'Ashnote で作成したノートが {date} に開かれ、破棄されました。',
      expired: 'Ashnote で作成したノートは読まれないまま {date} に期限切れとなり、破棄されました。',
      too_many_attempts:
        'Ashnote で作成したノートは、パスワードの誤りが多すぎたため、読まれないまま {date} に破棄されました。',
      destroyed_by_sender:
        'Ashnote で作成したノートは、ステータスリンクの「今すぐ破棄」により、読まれないまま {date} に破棄されました。',
    },
    reference: 'あなたのメモ：{reference}',
    created: '作成日時：{date}',
    nothingInside:
      'このメールにはノートの内容もリンクも含まれていません。ノートはもう存在しません。',
  },
  ko: {
    subject: {
      read: 'Ashnote 노트를 누군가 읽었습니다',
      expired: 'Ashnote 노트가 읽히지 않은 채 만료되었습니다',
      too_many_attempts: 'Ashnote 노트가 잘못된 비밀번호가 너무 많아 삭제되었습니다',
      destroyed_by_sender: 'Ashnote 노트가 삭제되었습니다',
    },
    ended: {
      read: 'Ashnote로 만든 노트가 {date}에 열람되어 삭제되었습니다.',
      expired: 'Ashnote로 만든 노트가 읽히지 않은 채 {date}에 만료되어 삭제되었습니다.',
      too_many_attempts:
        'Ashnote로 만든 노트가 잘못된 비밀번호가 너무 많아 읽히지 않은 채 {date}에 삭제되었습니다.',
      destroyed_by_sender:
        'Ashnote로 만든 노트가 상태 링크의 "지금 삭제"로 읽히지 않은 채 {date}에 삭제되었습니다.',
    },
    reference: '내 메모: {reference}',
    created: '만든 시각: {date}',
    nothingInside:
      '이 메일에는 노트 내용도 링크도 들어 있지 않습니다. 노트는 더 이상 존재하지 않습니다.',
  },
  ar: {
    subject: {
      read: 'تمت قراءة ملاحظتك على Ashnote',
      expired: 'انتهت صلاحية ملاحظتك على Ashnote دون أن تُقرأ',
      too_many_attempts: 'أُتلفت ملاحظتك على Ashnote بعد محاولات كثيرة بكلمة مرور خاطئة',
      destroyed_by_sender: 'أُتلفت ملاحظتك على Ashnote',
    },
    ended: {
      read: 'فُتحت ملاحظة أنشأتها باستخدام Ashnote ثم أُتلفت في {date}.',
      expired: 'انتهت صلاحية ملاحظة أنشأتها باستخدام Ashnote دون أن تُقرأ في {date} وأُتلفت.',
      too_many_attempts:
        'أُتلفت ملاحظة أنشأتها باستخدام Ashnote دون أن تُقرأ في {date} بعد محاولات كثيرة بكلمة مرور خاطئة.',
      destroyed_by_sender:
        'أُتلفت ملاحظة أنشأتها باستخدام Ashnote دون أن تُقرأ في {date} بزر «أتلِفها الآن» في رابط حالتها.',
    },
    reference: 'مرجعك: {reference}',
    created: 'أُنشئت في {date}.',
    nothingInside: 'لا تحتوي هذه الرسالة على الملاحظة ولا على رابطها. لم تعد الملاحظة موجودة.',
  },
  pt: {
    subject: {
      read: 'A sua nota do Ashnote foi lida',
      expired: 'A sua nota do Ashnote expirou sem ser lida',
      too_many_attempts:
        'A sua nota do Ashnote foi destruída após demasiadas palavras-passe erradas',
      destroyed_by_sender: 'A sua nota do Ashnote foi destruída',
    },
    ended: {
      read: 'Uma nota que criou com o Ashnote foi aberta e destruída em {date}.',
      expired: 'Uma nota que criou com o Ashnote expirou sem ser lida em {date} e foi destruída.',
      too_many_attempts:
        'Uma nota que criou com o Ashnote foi destruída sem ser lida em {date} após demasiadas palavras-passe erradas.',
      destroyed_by_sender:
        'Uma nota que criou com o Ashnote foi destruída sem ser lida em {date} com «Destruir agora» na sua ligação de estado.',
    },
    reference: 'A sua referência: {reference}',
    created: 'Criada em {date}.',
    nothingInside: 'Esta mensagem não contém a nota nem a sua ligação. A nota já não existe.',
  },
  ru: {
    subject: {
      read: 'Вашу заметку в Ashnote прочитали',
      expired: 'Срок вашей заметки в Ashnote истёк, её не прочитали',
      too_many_attempts: 'Ваша заметка в Ashnote уничтожена после слишком многих неверных паролей',
      destroyed_by_sender: 'Ваша заметка в Ashnote уничтожена',
    },
    ended: {
      read: 'Заметка, которую вы создали в Ashnote, была открыта и уничтожена {date}.',
      expired:
        'Срок заметки, которую вы создали в Ashnote, истёк {date}; её не прочитали, и она уничтожена.',
      too_many_attempts:
        'Заметка, которую вы создали в Ashnote, уничтожена непрочитанной {date} после слишком многих неверных паролей.',
      destroyed_by_sender:
        'Заметка, которую вы создали в Ashnote, уничтожена непрочитанной {date} кнопкой «Уничтожить сейчас» на её ссылке статуса.',
    },
    reference: 'Ваша пометка: {reference}',
    created: 'Создана {date}.',
    nothingInside: 'В этом письме нет ни заметки, ни ссылки на неё. Заметки больше не существует.',
  },
  hi: {
    subject: {
      read: 'आपका Ashnote नोट पढ़ लिया गया',
      expired: 'आपका Ashnote नोट बिना पढ़े समाप्त हो गया',
      too_many_attempts: 'बहुत सारे गलत पासवर्ड के बाद आपका Ashnote नोट नष्ट कर दिया गया',
      destroyed_by_sender: 'आपका Ashnote नोट नष्ट कर दिया गया',
    },
    ended: {
      read: 'Ashnote से बनाया गया आपका एक नोट {date} खोला गया और नष्ट कर दिया गया।',
      expired: 'Ashnote से बनाया गया आपका एक नोट {date} बिना पढ़े समाप्त हो गया और नष्ट कर दिया गया।',
      too_many_attempts:
        'Ashnote से बनाया गया आपका एक नोट बहुत सारे गलत पासवर्ड के बाद {date} बिना पढ़े नष्ट कर दिया गया।',
      destroyed_by_sender:
        'Ashnote से बनाया गया आपका एक नोट उसके स्थिति लिंक पर “अभी नष्ट करें” से {date} बिना पढ़े नष्ट कर दिया गया।',
    },
    reference: 'आपका संदर्भ: {reference}',
    created: '{date} को बनाया गया।',
    nothingInside: 'इस संदेश में न तो नोट है और न ही उसका लिंक। वह नोट अब मौजूद नहीं है।',
  },
  it: {
    subject: {
      read: 'La tua nota Ashnote è stata letta',
      expired: 'La tua nota Ashnote è scaduta senza essere letta',
      too_many_attempts: 'La tua nota Ashnote è stata distrutta dopo troppe password errate',
      destroyed_by_sender: 'La tua nota Ashnote è stata distrutta',
    },
    ended: {
      read: 'Una nota che hai creato con Ashnote è stata aperta e distrutta il {date}.',
      expired:
        'Una nota che hai creato con Ashnote è scaduta senza essere letta il {date} ed è stata distrutta.',
      too_many_attempts:
        'Una nota che hai creato con Ashnote è stata distrutta senza essere letta il {date} dopo troppe password errate.',
      destroyed_by_sender:
        'Una nota che hai creato con Ashnote è stata distrutta senza essere letta il {date} con «Distruggi ora» sul suo link di stato.',
    },
    reference: 'Il tuo riferimento: {reference}',
    created: 'Creata il {date}.',
    nothingInside:
      'Questo messaggio non contiene né la nota né il suo link. La nota non esiste più.',
  },
};

/** Which note it was, as the sender knows it: their reference (if any) and its creation time. */
export interface ReceiptNote {
  reference: string | null;
  /** Null for receipts sealed before creation times were kept. */
  createdAt: Date | null;
}

export function receiptMail(
  language: LanguageCode,
  ending: { reason: DestroyReason; at: Date },
  note: ReceiptNote,
): { subject: string; text: string } {
  const wording = WORDING[language];
  // UTC, named as such: the server does not know the sender's time zone.
  const format = new Intl.DateTimeFormat(language, {
    dateStyle: 'long',
    timeStyle: 'long',
    timeZone: 'UTC',
  });
  const which = [
    // A function, so that `$&` and the like in the sender's words are not replacement patterns.
    note.reference === null
      ? null
      : wording.reference.replace('{reference}', () => note.reference!),
    note.createdAt === null
      ? null
      : wording.created.replace('{date}', format.format(note.createdAt)),
  ].filter((line) => line !== null);
  const paragraphs = [
    wording.ended[ending.reason].replace('{date}', format.format(ending.at)),
    ...(which.length > 0 ? [which.join('\n')] : []),
    wording.nothingInside,
  ];
  return { subject: wording.subject[ending.reason], text: `${paragraphs.join('\n\n')}\n` };
}
