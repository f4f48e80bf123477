// The privacy page's table of where a player's data is kept (components/PrivacyPage.astro) in every
// language: its heading, its introduction and, row for row in STORED's order (stored-data.ts, the
// English that test/site/privacy-page.test.ts checks against the Worker's code), what each place
// holds and what deleting the account does to it. Build time only.
import type { LanguageCode } from "#engine";
import { STORED } from "./stored-data.ts";
import { frenchSpacing, typeset } from "./typography.ts";

export interface StoredPlaces {
  heading: string;
  intro: string;
  columns: readonly [where: string, what: string, onDeletion: string];
  /** [what, on deletion] for each row of STORED, in its order. */
  rows: readonly (readonly [what: string, onDeletion: string])[];
}

const en: StoredPlaces = {
  heading: "Where it is stored, and what deleting your account does",
  intro:
    "Everything is kept in Cloudflare D1 databases (spread over several shards) and an R2 archive. The download gathers every row below from every shard, and your rows in the archive of your last 30 rounds. Deleting the account takes effect at once: its tokens stop working (another server may accept one for at most a minute, with nothing behind it left to act on), and cached leaderboard pages of past days name players as they are now within 10 minutes.",
  columns: ["Where", "What", "On deletion"],
  rows: STORED.map(([, what, onDeletion]) => [what, onDeletion] as const),
};

const fr: StoredPlaces = {
  heading: "Où c'est gardé, et ce que fait la suppression du compte",
  intro:
    "Tout est gardé dans des bases Cloudflare D1 (réparties en plusieurs fragments) et une archive R2. Le téléchargement rassemble chaque ligne ci-dessous de chaque fragment, et vos lignes de l'archive pour vos 30 dernières manches. La suppression du compte prend effet aussitôt : ses jetons cessent de fonctionner (un autre serveur peut en accepter un pendant une minute au plus, sans plus rien derrière sur quoi agir), et les pages de classement des jours passés gardées en cache nomment les joueurs tels qu'ils sont maintenant en moins de 10 minutes.",
  columns: ["Où", "Quoi", "À la suppression"],
  rows: [
    ["votre identifiant, votre nom, votre date de début et la version de votre jeton", "supprimé"],
    ["chaque manche encore dans la base (jusqu'à l'archivage de son jour)", "gardée pour les comptes et les rangs du jour sous un nouvel identifiant sans lien, marqué comme supprimé, affiché « un joueur supprimé »"],
    ["votre historique une fois les jours archivés", "supprimé"],
    ["les clés publiques de vos clés d'accès", "supprimé"],
    ["une création de clé d'accès en cours (5 minutes)", "supprimé"],
    ["l'abonnement aux rappels de votre navigateur", "supprimé"],
    ["les codes à usage unique pour continuer ailleurs (10 minutes)", "supprimé"],
    ["vos adhésions aux ligues", "supprimé"],
    ["vos résultats du jour gardés pour vos ligues", "supprimé"],
    ["les ligues dont le propriétaire vous a retiré", "supprimé"],
    ["les ligues dont vous êtes propriétaire", "transmises au plus ancien membre, ou supprimées s'il ne reste aucun membre"],
    ["vos résultats des salles en direct (400 jours)", "supprimé"],
    ["les manches que vous avez signalées", "gardé pour la modération sous le nouvel identifiant, sans nommer personne"],
    ["les décisions des modérateurs (la manche, la décision, la raison)", "gardé ; l'identifiant d'un modérateur est remplacé par le nouveau"],
    ["chaque action de modération", "gardé ; l'identifiant d'un modérateur est remplacé par le nouveau"],
    ["les noms que vous avez signalés", "gardé pour la modération sous le nouvel identifiant, sans nommer personne"],
    ["les signalements de votre nom par d'autres joueurs (sans dire qui a signalé)", "supprimé"],
    ["les décisions des modérateurs sur votre nom, avec l'ancien et le nouveau nom", "supprimé"],
    ["vos décisions sur des noms en tant que modérateur", "gardé ; l'identifiant d'un modérateur est remplacé par le nouveau"],
    ["les manches classées de chaque jour réglé : identifiant de la manche, identifiant du joueur, score, mots, heure de début (les jours plus anciens, aussi le nom d'alors)", "jamais réécrit : chaque page lit les noms dans les comptes au moment de l'affichage, et un identifiant sans compte s'affiche « un joueur supprimé »"],
  ],
};

const es: StoredPlaces = {
  heading: "Dónde se guarda y qué hace borrar la cuenta",
  intro:
    "Todo se guarda en bases de datos Cloudflare D1 (repartidas en varios fragmentos) y en un archivo R2. La descarga reúne cada fila de abajo de cada fragmento, y tus filas del archivo de tus últimas 30 rondas. Borrar la cuenta surte efecto al momento: sus tokens dejan de funcionar (otro servidor puede aceptar uno durante un minuto como mucho, sin nada detrás sobre lo que actuar), y las páginas de clasificación de días pasados guardadas en caché nombran a los jugadores como son ahora en menos de 10 minutos.",
  columns: ["Dónde", "Qué", "Al borrar"],
  rows: [
    ["tu identificador, tu nombre, tu fecha de inicio y la versión de tu token", "se borra"],
    ["cada ronda que sigue en la base (hasta que se archiva su día)", "se guarda para los recuentos y puestos del día con un identificador nuevo y sin relación, marcado como borrado, que se muestra como «un jugador eliminado»"],
    ["tu historial una vez archivados los días", "se borra"],
    ["las claves públicas de tus llaves de acceso", "se borra"],
    ["un registro de llave de acceso en curso (5 minutos)", "se borra"],
    ["la suscripción a recordatorios de tu navegador", "se borra"],
    ["los códigos de un solo uso para seguir en otro sitio (10 minutos)", "se borra"],
    ["tus ligas", "se borra"],
    ["tus resultados diarios guardados para tus ligas", "se borra"],
    ["las ligas de las que te sacó su dueño", "se borra"],
    ["las ligas de las que eres dueño", "pasan al miembro más antiguo, o se borran si no queda ninguno"],
    ["tus resultados en salas en directo (400 días)", "se borra"],
    ["las rondas que denunciaste", "se guarda para la moderación con el identificador nuevo, sin nombrar a nadie"],
    ["las decisiones de los moderadores (la ronda, la decisión, el motivo)", "se guarda; el identificador de un moderador se sustituye por el nuevo"],
    ["cada acción de moderación", "se guarda; el identificador de un moderador se sustituye por el nuevo"],
    ["los nombres que denunciaste", "se guarda para la moderación con el identificador nuevo, sin nombrar a nadie"],
    ["las denuncias de tu nombre hechas por otros jugadores (sin decir quién)", "se borra"],
    ["las decisiones de los moderadores sobre tu nombre, con el nombre antiguo y el nuevo", "se borra"],
    ["tus decisiones sobre nombres como moderador", "se guarda; el identificador de un moderador se sustituye por el nuevo"],
    ["las rondas clasificatorias de cada día cerrado: identificador de la ronda, del jugador, puntuación, palabras, hora de inicio (en los días más antiguos, también el nombre de entonces)", "nunca se reescribe: cada página lee los nombres de las cuentas al mostrarlos, y un identificador sin cuenta aparece como «un jugador eliminado»"],
  ],
};

const de: StoredPlaces = {
  heading: "Wo es gespeichert ist und was das Löschen des Kontos bewirkt",
  intro:
    "Alles liegt in Cloudflare-D1-Datenbanken (auf mehrere Shards verteilt) und einem R2-Archiv. Der Download sammelt jede Zeile unten aus jedem Shard und deine Zeilen im Archiv deiner letzten 30 Runden. Das Löschen des Kontos wirkt sofort: Seine Tokens funktionieren nicht mehr (ein anderer Server nimmt eines höchstens noch eine Minute lang an, ohne dass dahinter noch etwas wäre), und zwischengespeicherte Bestenlisten vergangener Tage nennen die Spieler innerhalb von 10 Minuten so, wie sie jetzt heißen.",
  columns: ["Wo", "Was", "Beim Löschen"],
  rows: [
    ["deine ID, dein Name, dein Startdatum und die Version deines Tokens", "gelöscht"],
    ["jede Runde, die noch in der Datenbank ist (bis ihr Tag archiviert wird)", "für die Zählungen und Plätze des Tages behalten, unter einer neuen, unverbundenen ID, als gelöscht markiert und als „ein gelöschter Spieler“ gezeigt"],
    ["dein Verlauf, sobald Tage archiviert sind", "gelöscht"],
    ["die öffentlichen Schlüssel deiner Passkeys", "gelöscht"],
    ["eine laufende Passkey-Registrierung (5 Minuten)", "gelöscht"],
    ["das Erinnerungs-Abonnement deines Browsers", "gelöscht"],
    ["Einmal-Codes, um anderswo weiterzuspielen (10 Minuten)", "gelöscht"],
    ["deine Ligamitgliedschaften", "gelöscht"],
    ["deine für deine Ligen behaltenen Tagesergebnisse", "gelöscht"],
    ["Ligen, aus denen dich der Besitzer entfernt hat", "gelöscht"],
    ["Ligen, die dir gehören", "gehen an das älteste Mitglied über oder werden gelöscht, wenn keins mehr da ist"],
    ["deine Ergebnisse in Live-Räumen (400 Tage)", "gelöscht"],
    ["Runden, die du gemeldet hast", "für die Moderation unter der neuen ID behalten, ohne jemanden zu nennen"],
    ["Entscheidungen der Moderatoren (die Runde, die Entscheidung, der Grund)", "behalten; die ID eines Moderators wird durch die neue ersetzt"],
    ["jede Moderationshandlung", "behalten; die ID eines Moderators wird durch die neue ersetzt"],
    ["Namen, die du gemeldet hast", "für die Moderation unter der neuen ID behalten, ohne jemanden zu nennen"],
    ["Meldungen deines Namens durch andere Spieler (wer gemeldet hat, wird nicht gezeigt)", "gelöscht"],
    ["Entscheidungen der Moderatoren über deinen Namen, mit altem und neuem Namen", "gelöscht"],
    ["deine Entscheidungen über Namen als Moderator", "behalten; die ID eines Moderators wird durch die neue ersetzt"],
    ["die gewerteten Runden jedes abgeschlossenen Tages: Runden-ID, Spieler-ID, Punkte, Wörter, Startzeit (bei älteren Tagen auch der damalige Name)", "nie neu geschrieben: Jede Seite liest die Namen beim Anzeigen aus den Konten, und eine ID ohne Konto erscheint als „ein gelöschter Spieler“"],
  ],
};

export const STORED_PLACES: Readonly<Record<LanguageCode, StoredPlaces>> = { en, fr: typeset(fr, frenchSpacing), es, de };
