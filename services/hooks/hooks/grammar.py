"""Template grammar of the built-in hook writer, per language and category.

Syntax: `[a|b|c]` picks one alternative (may be empty: `[ today|]`); `{slot}` is filled from
the app: pain, value, diff, audience, niche, app, n (a small number). A capitalized slot name
(`{Pain}`) capitalizes the first letter of the value. Templates are written to tolerate slot
values phrased as noun phrases or short clauses (colons, questions, "this was me: ...").
"""

from __future__ import annotations

Grammar = dict[str, tuple[str, ...]]

EN: Grammar = {
    "problem": (
        "[Still|Tired of] {pain}? [Watch this|Here's the fix|Read this first]",
        "If {pain} sounds familiar, [watch this|keep watching|this is for you]",
        "{Pain} is [costing you more than you think|not your fault|easier to fix than you think]",
        "POV: {pain} [again|for the third time this week|and nothing works]",
        "{Audience}, [be honest|real talk]: is {pain} holding you back?",
        "The [real|hidden] reason behind {pain}",
    ),
    "curiosity": (
        "[Nobody|No one] tells {audience} this about {niche}",
        "The {niche} [trick|secret|habit] [nobody talks about|I wish I knew sooner]",
        "I tried {app} for [7|30] days. [Here's what happened|The result surprised me]",
        "Why {audience} [are quietly switching to|can't stop talking about] {app}",
        "The one {niche} [mistake|habit] that [changes everything|everyone ignores]",
        "What [happened|changed] when I [stopped guessing|got serious] about {niche}",
    ),
    "social_proof": (
        "[Thousands of|So many] {audience} [already|now] use {app}[ for {value}|]",
        "Why {audience} [love|swear by] {app}",
        "[Everyone keeps|My friends keep] asking how I do it. [It's {app}|Here's my secret]",
        "The {niche} app {audience} [recommend|can't stop sharing]",
        "[Real users|{Audience}] say the same thing: {value}",
        "[Rated|Loved] by {audience}[ for {value}|]",
    ),
    "listicle": (
        "{n} {niche} [tips|hacks|habits] [you need|nobody tells you|that actually work]",
        "{n} [signs|reasons] you need [{app}|a better {niche} routine]",
        "{n} ways to [stop|beat] {pain}",
        "Top {n} {niche} [mistakes|myths] [to avoid|holding you back]",
        "{n} things I wish I knew about {niche} [sooner|earlier]",
        "{n} {niche} [apps|tools] I [can't live without|use every day], #1 is {app}",
    ),
    "contrarian": (
        "[Unpopular opinion|Hot take]: {niche} [doesn't have to be hard|is easier than they say]",
        "Stop [doing {niche} the hard way|following generic {niche} advice]",
        "You don't need [more motivation|more time]. You need [{app}|a better system]",
        "Everything you [learned|were told] about {niche} is [wrong|outdated]",
        "{Diff}. [That's the difference|That changes everything]",
        "[Most|Popular] {niche} apps get this [wrong|completely wrong]",
    ),
    "story": (
        "This was me: {pain}. Then I found {app}",
        "How I [beat|got past] {pain} in [30 days|one month]",
        "[My friend|My sister|A coworker] showed me {app} and [everything changed|I can't go back]",
        "Day 1 of [trying|using] {app}[ for {niche}|]",
        "I almost gave up on {niche}. [Then this happened|Here's what changed]",
        "[A year ago|Last month] I [hated|struggled with] {niche}. [Now look|Not anymore]",
    ),
}

ES: Grammar = {
    "problem": (
        "¿[Sigues con|Cansado de] {pain}? [Mira esto|Aquí está la solución]",
        "Si {pain} te suena, [mira esto|esto es para ti]",
        "{Pain} [te cuesta más de lo que crees|no es tu culpa]",
        "POV: {pain} [otra vez|y nada funciona]",
        "La [verdadera|oculta] razón detrás de {pain}",
    ),
    "curiosity": (
        "[Nadie|Casi nadie] le cuenta esto a {audience} sobre {niche}",
        "El [truco|secreto|hábito] de {niche} [del que nadie habla|que ojalá supiera antes]",
        "Probé {app} durante [7|30] días. [Esto pasó|El resultado me sorprendió]",
        "Por qué {audience} [se están pasando a|no paran de hablar de] {app}",
        "El error de {niche} que [lo cambia todo|todos ignoran]",
    ),
    "social_proof": (
        "[Miles de|Muchísimos] {audience} ya usan {app}",
        "Por qué {audience} [aman|recomiendan] {app}",
        "[Todos|Mis amigos] me preguntan cómo lo hago. [Es {app}|Este es mi secreto]",
        "La app de {niche} que {audience} [recomiendan|no paran de compartir]",
        "[Los usuarios|{Audience}] dicen lo mismo: {value}",
    ),
    "listicle": (
        "{n} [trucos|hábitos|consejos] de {niche} [que funcionan|que nadie te cuenta]",
        "{n} señales de que necesitas [{app}|una mejor rutina de {niche}]",
        "{n} formas de [dejar atrás|vencer] {pain}",
        "Los {n} [errores|mitos] de {niche} [que debes evitar|que te frenan]",
        "{n} cosas que ojalá supiera antes sobre {niche}",
    ),
    "contrarian": (
        "[Opinión impopular|Lo diré]: {niche} no tiene que ser difícil",
        "Deja de [hacer {niche} a lo difícil|seguir consejos genéricos de {niche}]",
        "No necesitas [más motivación|más tiempo]. Necesitas [{app}|un mejor sistema]",
        "Todo lo que te dijeron sobre {niche} está [mal|anticuado]",
        "{Diff}. [Esa es la diferencia|Eso lo cambia todo]",
    ),
    "story": (
        "Esta era yo: {pain}. Luego encontré {app}",
        "Cómo superé {pain} en [30 días|un mes]",
        "[Una amiga|Mi hermana] me enseñó {app} y [todo cambió|no hay vuelta atrás]",
        "Día 1 usando {app}[ para {niche}|]",
        "Casi me rindo con {niche}. [Entonces pasó esto|Esto cambió todo]",
    ),
}

FR: Grammar = {
    "problem": (
        "[Toujours|Marre de] {pain} ? [Regarde ça|Voici la solution]",
        "Si {pain} te parle, [regarde ça|cette vidéo est pour toi]",
        "{Pain} [te coûte plus que tu ne crois|n'est pas ta faute]",
        "POV : {pain} [encore une fois|et rien ne marche]",
        "La [vraie|vraie et simple] raison derrière {pain}",
    ),
    "curiosity": (
        "[Personne|Presque personne] ne dit ça à {audience} sur {niche}",
        "L'astuce {niche} [dont personne ne parle|que j'aurais aimé connaître avant]",
        "J'ai testé {app} pendant [7|30] jours. [Voilà ce qui s'est passé|Le résultat m'a surpris]",
        "Pourquoi {audience} [passent à|ne parlent que de] {app}",
        "L'erreur {niche} qui [change tout|que tout le monde ignore]",
    ),
    "social_proof": (
        "[Des milliers de|Tellement de] {audience} utilisent déjà {app}",
        "Pourquoi {audience} [adorent|recommandent] {app}",
        "[Tout le monde|Mes amis] me demande comment je fais. [C'est {app}|Voici mon secret]",
        "L'app {niche} que {audience} [recommandent|partagent partout]",
        "[Les utilisateurs|{Audience}] disent tous la même chose : {value}",
    ),
    "listicle": (
        "{n} [astuces|habitudes|conseils] {niche} [qui marchent vraiment|qu'on ne te dit pas]",
        "{n} signes que tu as besoin [de {app}|d'une meilleure routine {niche}]",
        "{n} façons d'en finir avec {pain}",
        "Les {n} [erreurs|mythes] {niche} [à éviter|qui te freinent]",
        "{n} choses que j'aurais aimé savoir sur {niche}",
    ),
    "contrarian": (
        "[Avis impopulaire|Je le dis] : {niche} n'a pas besoin d'être compliqué",
        "Arrête de [suivre les conseils {niche} génériques|faire {niche} à la dure]",
        "Tu n'as pas besoin de [plus de motivation|plus de temps]. Il te faut [{app}|un meilleur système]",
        "Tout ce qu'on t'a dit sur {niche} est [faux|dépassé]",
        "{Diff}. [C'est toute la différence|Ça change tout]",
    ),
    "story": (
        "C'était moi : {pain}. Puis j'ai trouvé {app}",
        "Comment j'ai surmonté {pain} en [30 jours|un mois]",
        "[Une amie|Ma sœur] m'a montré {app} et [tout a changé|je ne reviens pas en arrière]",
        "Jour 1 avec {app}[ pour {niche}|]",
        "J'ai failli abandonner {niche}. [Puis ça est arrivé|Voilà ce qui a changé]",
    ),
}

DE: Grammar = {
    "problem": (
        "[Immer noch|Genervt von] {pain}? [Schau dir das an|Hier ist die Lösung]",
        "Kennst du {pain}? [Dann schau das|Das ist für dich]",
        "{Pain} [kostet dich mehr, als du denkst|ist nicht deine Schuld]",
        "POV: {pain} [schon wieder|und nichts hilft]",
        "Der [wahre|versteckte] Grund für {pain}",
    ),
    "curiosity": (
        "Das sagt {audience} [niemand|kaum jemand] über {niche}",
        "Der {niche}-[Trick|Hack], über den [niemand spricht|ich gern früher Bescheid gewusst hätte]",
        "Ich habe {app} [7|30] Tage getestet. [Das ist passiert|Das Ergebnis hat mich überrascht]",
        "Warum {audience} [zu {app} wechseln|nur noch über {app} reden]",
        "Der {niche}-Fehler, der [alles verändert|allen passiert]",
    ),
    "social_proof": (
        "[Tausende|So viele] {audience} nutzen schon {app}",
        "Warum {audience} {app} [lieben|empfehlen]",
        "[Alle|Meine Freunde] fragen, wie ich das schaffe. [Es ist {app}|Hier ist mein Geheimnis]",
        "Die {niche}-App, die {audience} [empfehlen|ständig teilen]",
        "[Nutzer|{Audience}] sagen alle dasselbe: {value}",
    ),
    "listicle": (
        "{n} {niche}-[Tipps|Gewohnheiten|Hacks], die [wirklich funktionieren|dir keiner verrät]",
        "{n} Zeichen, dass du [{app}|eine bessere {niche}-Routine] brauchst",
        "{n} Wege gegen {pain}",
        "Die {n} größten {niche}-[Fehler|Mythen]",
        "{n} Dinge, die ich über {niche} früher hätte wissen wollen",
    ),
    "contrarian": (
        "[Unpopuläre Meinung|Ehrlich gesagt]: {niche} muss nicht schwer sein",
        "Hör auf, [{niche} kompliziert zu machen|generischen {niche}-Tipps zu folgen]",
        "Du brauchst nicht [mehr Motivation|mehr Zeit]. Du brauchst [{app}|ein besseres System]",
        "Alles, was du über {niche} gelernt hast, ist [falsch|veraltet]",
        "{Diff}. [Das ist der Unterschied|Das ändert alles]",
    ),
    "story": (
        "Das war ich: {pain}. Dann kam {app}",
        "Wie ich {pain} in [30 Tagen|einem Monat] losgeworden bin",
        "[Eine Freundin|Meine Schwester] hat mir {app} gezeigt und [alles hat sich geändert|ich will nie zurück]",
        "Tag 1 mit {app}[ für {niche}|]",
        "Ich hätte {niche} fast aufgegeben. [Dann passierte das|Das hat sich geändert]",
    ),
}

PT: Grammar = {
    "problem": (
        "[Ainda sofrendo com|Cansado de] {pain}? [Veja isso|Aqui está a solução]",
        "Se {pain} parece familiar, [veja isso|isso é para você]",
        "{Pain} [custa mais do que você imagina|não é culpa sua]",
        "POV: {pain} [de novo|e nada funciona]",
        "O [verdadeiro|real] motivo por trás de {pain}",
    ),
    "curiosity": (
        "[Ninguém|Quase ninguém] conta isso para {audience} sobre {niche}",
        "O [truque|segredo|hábito] de {niche} [que ninguém comenta|que eu queria saber antes]",
        "Testei {app} por [7|30] dias. [Olha o que aconteceu|O resultado me surpreendeu]",
        "Por que {audience} [estão trocando tudo por|não param de falar do] {app}",
        "O erro de {niche} que [muda tudo|todo mundo ignora]",
    ),
    "social_proof": (
        "[Milhares de|Muitos] {audience} já usam {app}",
        "Por que {audience} [amam|recomendam] {app}",
        "[Todo mundo|Meus amigos] pergunta como eu consigo. [É o {app}|Aqui está meu segredo]",
        "O app de {niche} que {audience} [recomendam|não param de compartilhar]",
        "[Os usuários|{Audience}] dizem a mesma coisa: {value}",
    ),
    "listicle": (
        "{n} [dicas|hábitos|truques] de {niche} [que funcionam de verdade|que ninguém te conta]",
        "{n} sinais de que você precisa [do {app}|de uma rotina de {niche} melhor]",
        "{n} jeitos de [acabar com|vencer] {pain}",
        "Os {n} [erros|mitos] de {niche} [para evitar|que te atrasam]",
        "{n} coisas que eu queria saber antes sobre {niche}",
    ),
    "contrarian": (
        "[Opinião impopular|Vou falar]: {niche} não precisa ser difícil",
        "Pare de [fazer {niche} do jeito difícil|seguir dicas genéricas de {niche}]",
        "Você não precisa de [mais motivação|mais tempo]. Precisa [do {app}|de um sistema melhor]",
        "Tudo o que te disseram sobre {niche} está [errado|ultrapassado]",
        "{Diff}. [Essa é a diferença|Isso muda tudo]",
    ),
    "story": (
        "Essa era eu: {pain}. Aí encontrei o {app}",
        "Como superei {pain} em [30 dias|um mês]",
        "[Uma amiga|Minha irmã] me mostrou o {app} e [tudo mudou|não volto atrás]",
        "Dia 1 usando o {app}[ para {niche}|]",
        "Quase desisti de {niche}. [Aí aconteceu isso|Veja o que mudou]",
    ),
}

IT: Grammar = {
    "problem": (
        "[Ancora alle prese con|Stanco di] {pain}? [Guarda qui|Ecco la soluzione]",
        "Se {pain} ti suona familiare, [guarda qui|questo è per te]",
        "{Pain} [ti costa più di quanto pensi|non è colpa tua]",
        "POV: {pain} [di nuovo|e niente funziona]",
        "Il [vero|nascosto] motivo dietro {pain}",
    ),
    "curiosity": (
        "[Nessuno|Quasi nessuno] dice questo a {audience} su {niche}",
        "Il [trucco|segreto] di {niche} [di cui nessuno parla|che vorrei aver saputo prima]",
        "Ho provato {app} per [7|30] giorni. [Ecco cosa è successo|Il risultato mi ha sorpreso]",
        "Perché {audience} [stanno passando a|non smettono di parlare di] {app}",
        "L'errore di {niche} che [cambia tutto|tutti ignorano]",
    ),
    "social_proof": (
        "[Migliaia di|Tantissimi] {audience} usano già {app}",
        "Perché {audience} [adorano|consigliano] {app}",
        "[Tutti|I miei amici] mi chiedono come faccio. [È {app}|Ecco il mio segreto]",
        "L'app di {niche} che {audience} [consigliano|continuano a condividere]",
        "[Gli utenti|{Audience}] dicono tutti la stessa cosa: {value}",
    ),
    "listicle": (
        "{n} [consigli|abitudini|trucchi] di {niche} [che funzionano davvero|che nessuno ti dice]",
        "{n} segnali che ti serve [{app}|una routine di {niche} migliore]",
        "{n} modi per [dire basta a|battere] {pain}",
        "I {n} [errori|miti] di {niche} [da evitare|che ti frenano]",
        "{n} cose che vorrei aver saputo prima su {niche}",
    ),
    "contrarian": (
        "[Opinione impopolare|Lo dico]: {niche} non deve essere difficile",
        "Smetti di [complicarti {niche}|seguire consigli generici di {niche}]",
        "Non ti serve [più motivazione|più tempo]. Ti serve [{app}|un sistema migliore]",
        "Tutto quello che ti hanno detto su {niche} è [sbagliato|superato]",
        "{Diff}. [Ecco la differenza|Questo cambia tutto]",
    ),
    "story": (
        "Questa ero io: {pain}. Poi ho trovato {app}",
        "Come ho superato {pain} in [30 giorni|un mese]",
        "[Un'amica|Mia sorella] mi ha fatto vedere {app} e [tutto è cambiato|non torno indietro]",
        "Giorno 1 con {app}[ per {niche}|]",
        "Stavo per mollare {niche}. [Poi è successo questo|Ecco cosa è cambiato]",
    ),
}

JA: Grammar = {
    "problem": (
        "[まだ|いつも]{pain}？[これを見て|解決策はこれ]",
        "{pain}に悩んでるなら[これを見て|この動画を]",
        "{pain}は[あなたのせいじゃない|思ったより損してる]",
        "{audience}あるある：{pain}",
        "{pain}の[本当の|意外な]原因",
    ),
    "curiosity": (
        "誰も教えてくれない{niche}の[コツ|秘密]",
        "{app}を[7|30]日使ってみた[結果|正直な感想]",
        "{audience}が{app}に[乗り換える|ハマる]理由",
        "{niche}で[みんながやる|意外と多い]失敗",
        "[もっと早く|最初から]知りたかった{niche}の話",
    ),
    "social_proof": (
        "[たくさんの|多くの]{audience}が使う{app}",
        "{audience}が{app}を[推す|手放せない]理由",
        "[友達|みんな]に聞かれる秘密は{app}",
        "{audience}に[人気|話題]の{niche}アプリ",
        "ユーザーの声：{value}",
    ),
    "listicle": (
        "{niche}の[コツ|習慣]{n}選",
        "{app}が必要なサイン{n}つ",
        "{pain}を[なくす|減らす]方法{n}つ",
        "{niche}で[避けたい|やりがちな]ミス{n}選",
        "{niche}で知っておきたいこと{n}つ",
    ),
    "contrarian": (
        "[正直|ぶっちゃけ]{niche}は難しくない",
        "[やる気|時間]より必要なのは{app}",
        "その{niche}の常識、[間違ってる|もう古い]",
        "{diff}。[それが違い|全部変わる]",
        "{niche}アプリの[大半|ほとんど]が間違えてること",
    ),
    "story": (
        "{pain}だった私が{app}に出会うまで",
        "[友達|妹]に{app}を教えてもらって[人生変わった|もう戻れない]",
        "{app}生活[1日目|はじめました]",
        "{niche}を諦めかけた私の[話|その後]",
        "[30日|1ヶ月]で{pain}を[卒業|克服]した話",
    ),
}

GRAMMARS: dict[str, Grammar] = {"en": EN, "es": ES, "fr": FR, "de": DE, "pt": PT, "it": IT, "ja": JA}

# Slot values used when the app leaves a field empty.
FALLBACK_SLOTS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {
        "pain": ("wasting time", "losing motivation", "doing it the hard way", "no clear plan"),
        "value": ("real results", "a simple routine", "more free time"),
        "diff": ("Built for real life", "No fluff, just results"),
        "audience": ("busy people", "beginners"),
    },
    "es": {
        "pain": ("perder el tiempo", "la falta de motivación", "no tener un plan claro"),
        "value": ("resultados reales", "una rutina sencilla"),
        "diff": ("Hecho para la vida real", "Sin complicaciones"),
        "audience": ("personas ocupadas", "principiantes"),
    },
    "fr": {
        "pain": ("perdre du temps", "le manque de motivation", "pas de plan clair"),
        "value": ("des résultats concrets", "une routine simple"),
        "diff": ("Pensé pour la vraie vie", "Simple et efficace"),
        "audience": ("les gens pressés", "les débutants"),
    },
    "de": {
        "pain": ("Zeitverschwendung", "fehlende Motivation", "Chaos im Alltag"),
        "value": ("echte Ergebnisse", "eine einfache Routine"),
        "diff": ("Für den echten Alltag gemacht", "Ohne Schnickschnack"),
        "audience": ("Vielbeschäftigte", "Einsteiger"),
    },
    "pt": {
        "pain": ("perder tempo", "a falta de motivação", "não ter um plano claro"),
        "value": ("resultados reais", "uma rotina simples"),
        "diff": ("Feito para a vida real", "Sem complicação"),
        "audience": ("pessoas ocupadas", "iniciantes"),
    },
    "it": {
        "pain": ("perdere tempo", "la mancanza di motivazione", "non avere un piano chiaro"),
        "value": ("risultati veri", "una routine semplice"),
        "diff": ("Pensato per la vita reale", "Niente fronzoli"),
        "audience": ("chi ha poco tempo", "i principianti"),
    },
    "ja": {
        "pain": ("時間が足りない", "やる気が続かない", "何から始めるか迷う"),
        "value": ("続けられる習慣", "シンプルな毎日"),
        "diff": ("毎日使える設計", "ムダがない"),
        "audience": ("忙しい人", "初心者"),
    },
}

NUMBERS = (3, 5, 7)
