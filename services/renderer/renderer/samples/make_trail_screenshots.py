"""Draws four sample app screenshots of the photos demo app "TrailMate" (hikes and weekend trips) for
the renderer's gallery, the way make_screenshots.py draws FitPro's: a screen per value prop of
travel_app.json, in their order, then the season's log (the app's proof of results, a feature of none),
which a deck's last slide can show when the others have shown the first three.

Run from the repository root:

    .venv/bin/python services/renderer/renderer/samples/make_trail_screenshots.py

    .venv/bin/python services/renderer/renderer/samples/make_trail_screenshots.py de ja   # some languages

It writes `trail_screenshots/01_nearby.png`, `02_weekend_plan.png`, `03_trail_map.png` and
`04_season.png` (English) and the same under `trail_screenshots/<lang>/` for every other language of
STRINGS (the renderer's locale codes, the languages of travel_app.json): 780x1688 PNGs (an iPhone
screen at @2x, 390x844 points; the renderer shows a screen 780 px wide at most), every UI string, date,
time and number in that language, Arabic and Hebrew mirrored as an RTL app draws them (the maps
themselves and the photos are not mirrored).

It reuses make_screenshots.py's Screen (points on a supersampled canvas, per-script font runs, RTL
mirroring), its icons and helpers. The trail pictures are crops of the bundled photos/outdoor_*.jpg
(CC0 / CC-BY-4.0, see photos/LICENSES.md); the topographic map and the season's map of routes are
procedural (a height field's contour lines). The trails are in northern Spain, so their names are
Spanish place names in every language, as a hiking app shows them; the screen's own words are
translated.
"""

from __future__ import annotations

import json
import math
import random
import sys
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFilter
from renderer.samples.make_screenshots import (
    H_PT,
    NBSP,
    RGB,
    W_PT,
    Box,
    Color,
    Screen,
    _box,
    _pts,
    _px,
    alpha,
    chevron,
    icon_calendar,
    icon_home,
    icon_profile,
    icon_star,
    mix,
)

HERE = Path(__file__).resolve().parent
OUT = HERE / "trail_screenshots"
PHOTOS = HERE / "photos"
OUT_SIZE = (W_PT * 2, H_PT * 2)  # @2x: 780 x 1688 pixels

# TrailMate brand
PRIMARY: RGB = (47, 158, 110)  # #2F9E6E
SECONDARY: RGB = (14, 42, 34)  # #0E2A22
ACCENT: RGB = (244, 197, 66)  # #F4C542

BG: RGB = (243, 246, 244)
CARD: RGB = (255, 255, 255)
INK: RGB = SECONDARY
MUTED: RGB = (118, 134, 128)
HAIR: RGB = (225, 232, 228)
MINT: RGB = (226, 243, 234)
ON_DARK: RGB = (168, 204, 188)
WHITE: RGB = (255, 255, 255)
STAR: RGB = (236, 170, 20)
WATER: RGB = (96, 166, 222)


# trails ------------------------------------------------------------------------------------------
# Ranked by their view score. (name, photo, focus of the crop, km, ascent m, hours, minutes, view
# score, difficulty key). Saturday's and Sunday's hikes of the weekend plan are the first and the third:
# 12.6 + 5.8 = 18.4 km, 720 + 400 = 1,120 m.
Trail = tuple[str, str, tuple[float, float], float, int, int, int, float, str]
TRAILS: tuple[Trail, ...] = (
    ("Ruta de los Miradores", "outdoor_mountain_trail.jpg", (0.5, 0.42), 12.6, 720, 4, 5, 4.9, "moderate"),
    ("Praderas del Alba", "outdoor_mountain_meadow.jpg", (0.55, 0.45), 8.4, 410, 2, 50, 4.8, "easy"),
    ("Cascadas del Hayedo", "outdoor_forest_stream.jpg", (0.5, 0.55), 5.8, 400, 2, 10, 4.7, "easy"),
    ("Mirador del Amanecer", "outdoor_sunrise_hills.jpg", (0.62, 0.45), 9.1, 530, 3, 15, 4.6, "moderate"),
)
PEAK = ("Pico del Águila", 1482)
HUT = "Refugio del Lago"


# strings -----------------------------------------------------------------------------------------
# Every UI string the screens draw, per language (the renderer's locale codes). The weekend is Saturday
# June 14 and Sunday June 15 (2025; FitPro's screens show Tuesday June 10). "km", "m" and "dur" are
# the language's formats of a distance, a height and a duration; "dec" and "thou" its decimal and
# thousands separators. "times" are Saturday's start, the night at the hut, Sunday's start and the
# way home. The season's log is spring 2025's: 14 hikes in the 12 weekends in a row up to that one
# (March 29 to June 15), its latest hikes Sunday's, Saturday's and the weekend's before ("recent_dates").
# Missing keys fall back to English (times to the 24-hour clock).
H24 = ("09:30", "19:00", "09:00", "17:00")
STRINGS: dict[str, dict[str, object]] = {
    "en": {
        "dec": ".",
        "thou": ",",
        "km": "{} km",
        "m": "{} m",
        "dur": "{h}h {m}m",
        "tabs": ("Explore", "Map", "Trips", "Profile"),
        "location": "Asturias, Spain",
        "title": "Trails near you",
        "search": "Search trails, peaks, lakes",
        "chips": ("Best view", "Nearest", "Easy", "Loops"),
        "view": "{} view",
        "checked": "Checked by locals",
        "easy": "Easy",
        "moderate": "Moderate",
        "offline": "Offline",
        "downloaded": "Downloaded",
        "profile": "Elevation profile",
        "stat_labels": ("Distance", "Ascent", "Time"),
        "start_hike": "Start hike",
        "weekend": "Your weekend",
        "dates": "Sat, Jun 14 – Sun, Jun 15",
        "plan_label": "PLANNED FOR YOU",
        "sum_labels": ("hikes", "distance", "ascent"),
        "days": ("Saturday, June 14", "Sunday, June 15"),
        "weather": ("Sunny", "Partly cloudy"),
        "stay": "Overnight at {}",
        "home": "Back home by {}",
        "times": ("9:30 AM", "7:00 PM", "9:00 AM", "5:00 PM"),
        "start_trip": "Start trip",
        "season": "Your season",
        "period": "Spring 2025",
        "season_label": "BEST SEASON YET",
        "hikes_n": "{} hikes",
        "climbed": "{} climbed",
        "streak": "{} weekends out in a row",
        "season_tiles": ("Highest point", "On the trail", "New trails"),
        "hours": "{} h",
        "recent": "Recent hikes",
        "see_all": "See all",
        "recent_dates": ("Sun, Jun 15", "Sat, Jun 14", "Sat, Jun 7"),
    },
    "es": {
        "dec": ",",
        "thou": "",
        "dur": "{h} h {m} min",
        "tabs": ("Explorar", "Mapa", "Viajes", "Perfil"),
        "location": "Asturias, España",
        "title": "Rutas cerca de ti",
        "search": "Busca rutas, cimas, lagos",
        "chips": ("Mejores vistas", "Más cerca", "Fácil", "Circulares"),
        "view": "{} vistas",
        "checked": "Revisada por locales",
        "easy": "Fácil",
        "moderate": "Moderada",
        "offline": "Sin conexión",
        "downloaded": "Descargado",
        "profile": "Perfil de desnivel",
        "stat_labels": ("Distancia", "Desnivel", "Tiempo"),
        "start_hike": "Empezar ruta",
        "weekend": "Tu fin de semana",
        "dates": "sáb 14 – dom 15 de junio",
        "plan_label": "PLANEADO PARA TI",
        "sum_labels": ("rutas", "distancia", "desnivel"),
        "days": ("Sábado, 14 de junio", "Domingo, 15 de junio"),
        "weather": ("Soleado", "Nubes y claros"),
        "stay": "Noche en el {}",
        "home": "En casa a las {}",
        "start_trip": "Empezar viaje",
        "season": "Tu temporada",
        "period": "Primavera 2025",
        "season_label": "TU MEJOR TEMPORADA",
        "hikes_n": "{} rutas",
        "climbed": "{} de desnivel",
        "streak": "{} fines de semana seguidos",
        "season_tiles": ("Punto más alto", "En ruta", "Rutas nuevas"),
        "hours": "{} h",
        "recent": "Rutas recientes",
        "see_all": "Ver todo",
        "recent_dates": ("dom 15 jun", "sáb 14 jun", "sáb 7 jun"),
    },
    "fr": {
        "dec": ",",
        "thou": NBSP,
        "dur": "{h} h {m:02d}",
        "tabs": ("Explorer", "Carte", "Sorties", "Profil"),
        "location": "Asturies, Espagne",
        "title": "Sentiers près de vous",
        "search": "Sentiers, sommets, lacs…",
        "chips": ("Plus belle vue", "Plus proches", "Facile", "Boucles"),
        "view": "vue {}",
        "checked": "Vérifié par des locaux",
        "easy": "Facile",
        "moderate": "Modéré",
        "offline": "Hors ligne",
        "downloaded": "Téléchargée",
        "profile": "Profil altimétrique",
        "stat_labels": ("Distance", "Dénivelé +", "Durée"),
        "start_hike": "Démarrer la rando",
        "weekend": "Votre week-end",
        "dates": "sam. 14 – dim. 15 juin",
        "plan_label": "PRÉPARÉ POUR VOUS",
        "sum_labels": ("randos", "distance", "dénivelé +"),
        "days": ("Samedi 14 juin", "Dimanche 15 juin"),
        "weather": ("Ensoleillé", "Éclaircies"),
        "stay": "Nuit au {}",
        "home": "Retour vers {}",
        "times": ("9 h 30", "19 h", "9 h", "17 h"),
        "start_trip": "C’est parti",
        "season": "Votre saison",
        "period": "Printemps 2025",
        "season_label": "VOTRE MEILLEURE SAISON",
        "hikes_n": "{} randos",
        "climbed": "{} de dénivelé +",
        "streak": "{} week-ends d’affilée",
        "season_tiles": ("Point culminant", "Sur les sentiers", "Sentiers inédits"),
        "hours": "{} h",
        "recent": "Randos récentes",
        "see_all": "Tout voir",
        "recent_dates": ("dim. 15 juin", "sam. 14 juin", "sam. 7 juin"),
    },
    "de": {
        "dec": ",",
        "thou": ".",
        "dur": "{h} Std. {m} Min.",
        "tabs": ("Entdecken", "Karte", "Trips", "Profil"),
        "location": "Asturien, Spanien",
        "title": "Touren in deiner Nähe",
        "search": "Wege, Gipfel, Seen suchen",
        "chips": ("Beste Aussicht", "In der Nähe", "Leicht", "Rundwege"),
        "view": "Aussicht {}",
        "checked": "Von Locals geprüft",
        "easy": "Leicht",
        "moderate": "Mittel",
        "offline": "Offline",
        "downloaded": "Heruntergeladen",
        "profile": "Höhenprofil",
        "stat_labels": ("Strecke", "Aufstieg", "Dauer"),
        "start_hike": "Tour starten",
        "weekend": "Dein Wochenende",
        "dates": "Sa., 14. – So., 15. Juni",
        "plan_label": "FÜR DICH GEPLANT",
        "sum_labels": ("Touren", "Strecke", "Aufstieg"),
        "days": ("Samstag, 14. Juni", "Sonntag, 15. Juni"),
        "weather": ("Sonnig", "Leicht bewölkt"),
        "stay": "Übernachtung: {}",
        "home": "Um {} wieder zu Hause",
        "times": ("9:30", "19:00", "9:00", "17:00"),
        "start_trip": "Trip starten",
        "season": "Deine Saison",
        "period": "Frühling 2025",
        "season_label": "DEINE BESTE SAISON",
        "hikes_n": "{} Touren",
        "climbed": "{} im Aufstieg",
        "streak": "{} Wochenenden in Folge unterwegs",
        "season_tiles": ("Höchster Punkt", "Unterwegs", "Neue Touren"),
        "hours": "{} Std.",
        "recent": "Letzte Touren",
        "see_all": "Alle",
        "recent_dates": ("So., 15. Juni", "Sa., 14. Juni", "Sa., 7. Juni"),
    },
    "it": {
        "dec": ",",
        "thou": ".",
        "dur": "{h} h {m} min",
        "tabs": ("Esplora", "Mappa", "Viaggi", "Profilo"),
        "location": "Asturie, Spagna",
        "title": "Sentieri vicino a te",
        "search": "Cerca sentieri, vette, laghi",
        "chips": ("Panorama migliore", "Più vicini", "Facili", "Ad anello"),
        "view": "panorama {}",
        "checked": "Verificato da locali",
        "easy": "Facile",
        "moderate": "Media",
        "offline": "Offline",
        "downloaded": "Scaricata",
        "profile": "Profilo altimetrico",
        "stat_labels": ("Distanza", "Dislivello", "Durata"),
        "start_hike": "Inizia escursione",
        "weekend": "Il tuo weekend",
        "dates": "sab 14 – dom 15 giugno",
        "plan_label": "PIANIFICATO PER TE",
        "sum_labels": ("escursioni", "distanza", "dislivello"),
        "days": ("Sabato 14 giugno", "Domenica 15 giugno"),
        "weather": ("Soleggiato", "Poco nuvoloso"),
        "stay": "Notte al {}",
        "home": "A casa per le {}",
        "times": ("9:30", "19:00", "9:00", "17:00"),
        "start_trip": "Inizia il viaggio",
        "season": "La tua stagione",
        "period": "Primavera 2025",
        "season_label": "LA TUA STAGIONE MIGLIORE",
        "hikes_n": "{} escursioni",
        "climbed": "{} di dislivello",
        "streak": "{} weekend di fila",
        "season_tiles": ("Punto più alto", "In cammino", "Sentieri nuovi"),
        "hours": "{} h",
        "recent": "Escursioni recenti",
        "see_all": "Vedi tutte",
        "recent_dates": ("dom 15 giu", "sab 14 giu", "sab 7 giu"),
    },
    "pt": {
        "dec": ",",
        "thou": ".",
        "dur": "{h} h {m} min",
        "tabs": ("Explorar", "Mapa", "Viagens", "Perfil"),
        "location": "Astúrias, Espanha",
        "title": "Trilhas perto de você",
        "search": "Buscar trilhas, picos, lagos",
        "chips": ("Melhor vista", "Mais perto", "Fácil", "Circulares"),
        "view": "vista {}",
        "checked": "Conferida por locais",
        "easy": "Fácil",
        "moderate": "Moderada",
        "offline": "Offline",
        "downloaded": "Baixado",
        "profile": "Perfil de elevação",
        "stat_labels": ("Distância", "Subida", "Tempo"),
        "start_hike": "Iniciar trilha",
        "weekend": "Seu fim de semana",
        "dates": "sáb., 14 – dom., 15 de junho",
        "plan_label": "PLANEJADO PARA VOCÊ",
        "sum_labels": ("trilhas", "distância", "subida"),
        "days": ("Sábado, 14 de junho", "Domingo, 15 de junho"),
        "weather": ("Ensolarado", "Sol com nuvens"),
        "stay": "Pernoite no {}",
        "home": "Em casa às {}",
        "times": ("9h30", "19h", "9h", "17h"),
        "start_trip": "Começar viagem",
        "season": "Sua temporada",
        "period": "Primavera 2025",
        "season_label": "SUA MELHOR TEMPORADA",
        "hikes_n": "{} trilhas",
        "climbed": "{} de subida",
        "streak": "{} fins de semana seguidos",
        "season_tiles": ("Ponto mais alto", "Em trilha", "Trilhas novas"),
        "hours": "{} h",
        "recent": "Trilhas recentes",
        "see_all": "Ver todas",
        "recent_dates": ("dom., 15 jun.", "sáb., 14 jun.", "sáb., 7 jun."),
    },
    "nl": {
        "dec": ",",
        "thou": ".",
        "dur": "{h} u {m} min",
        "tabs": ("Ontdek", "Kaart", "Trips", "Profiel"),
        "location": "Asturië, Spanje",
        "title": "Routes bij jou in de buurt",
        "search": "Zoek routes, toppen, meren",
        "chips": ("Mooiste uitzicht", "Dichtbij", "Makkelijk", "Rondwandelingen"),
        "view": "uitzicht {}",
        "checked": "Gecheckt door locals",
        "easy": "Makkelijk",
        "moderate": "Gemiddeld",
        "offline": "Offline",
        "downloaded": "Gedownload",
        "profile": "Hoogteprofiel",
        "stat_labels": ("Afstand", "Stijging", "Duur"),
        "start_hike": "Start wandeling",
        "weekend": "Jouw weekend",
        "dates": "za 14 – zo 15 juni",
        "plan_label": "VOOR JOU GEPLAND",
        "sum_labels": ("wandelingen", "afstand", "stijging"),
        "days": ("Zaterdag 14 juni", "Zondag 15 juni"),
        "weather": ("Zonnig", "Halfbewolkt"),
        "stay": "Overnachten in {}",
        "home": "Om {} weer thuis",
        "start_trip": "Start je trip",
        "season": "Jouw seizoen",
        "period": "Lente 2025",
        "season_label": "JE BESTE SEIZOEN OOIT",
        "hikes_n": "{} wandelingen",
        "climbed": "{} stijging",
        "streak": "{} weekenden op rij op pad",
        "season_tiles": ("Hoogste punt", "Onderweg", "Nieuwe routes"),
        "hours": "{} u",
        "recent": "Recente wandelingen",
        "see_all": "Alles",
        "recent_dates": ("zo 15 jun", "za 14 jun", "za 7 jun"),
    },
    "pl": {
        "dec": ",",
        "thou": "",
        "dur": "{h} godz. {m} min",
        "tabs": ("Odkrywaj", "Mapa", "Wyjazdy", "Profil"),
        "location": "Asturia, Hiszpania",
        "title": "Szlaki w pobliżu",
        "search": "Szukaj szlaków, szczytów, jezior",
        "chips": ("Najlepszy widok", "Najbliżej", "Łatwe", "Pętle"),
        "view": "widok {}",
        "checked": "Sprawdzone lokalnie",
        "easy": "Łatwa",
        "moderate": "Średnia",
        "offline": "Offline",
        "downloaded": "Pobrano",
        "profile": "Profil wysokości",
        "stat_labels": ("Dystans", "Podejście", "Czas"),
        "start_hike": "Rozpocznij wędrówkę",
        "weekend": "Twój weekend",
        "dates": "sob., 14 – niedz., 15 czerwca",
        "plan_label": "ZAPLANOWANE DLA CIEBIE",
        "sum_labels": ("wędrówki", "dystans", "podejście"),
        "days": ("Sobota, 14 czerwca", "Niedziela, 15 czerwca"),
        "weather": ("Słonecznie", "Przejaśnienia"),
        "stay": "Nocleg: {}",
        "home": "Powrót do domu o {}",
        "start_trip": "Rozpocznij wyjazd",
        "season": "Twój sezon",
        "period": "Wiosna 2025",
        "season_label": "TWÓJ NAJLEPSZY SEZON",
        "hikes_n": "{} wędrówek",
        "climbed": "{} przewyższenia",
        "streak": "{} weekendów z rzędu na szlaku",
        "season_tiles": ("Najwyższy punkt", "Na szlaku", "Nowe szlaki"),
        "hours": "{} godz.",
        "recent": "Ostatnie wędrówki",
        "see_all": "Wszystkie",
        "recent_dates": ("niedz., 15 cze", "sob., 14 cze", "sob., 7 cze"),
    },
    "tr": {
        "dec": ",",
        "thou": ".",
        "dur": "{h} sa {m} dk",
        "tabs": ("Keşfet", "Harita", "Geziler", "Profil"),
        "location": "Asturias, İspanya",
        "title": "Yakınındaki rotalar",
        "search": "Rota, zirve, göl ara",
        "chips": ("En iyi manzara", "En yakın", "Kolay", "Döngü"),
        "view": "manzara {}",
        "checked": "Yerel yürüyüşçü onaylı",
        "easy": "Kolay",
        "moderate": "Orta",
        "offline": "Çevrimdışı",
        "downloaded": "İndirildi",
        "profile": "Yükselti profili",
        "stat_labels": ("Mesafe", "Tırmanış", "Süre"),
        "start_hike": "Yürüyüşe başla",
        "weekend": "Hafta sonun",
        "dates": "14 Haziran Cmt – 15 Haziran Paz",
        "plan_label": "SENİN İÇİN PLANLANDI",
        "sum_labels": ("rota", "mesafe", "tırmanış"),
        "days": ("14 Haziran Cumartesi", "15 Haziran Pazar"),
        "weather": ("Güneşli", "Parçalı bulutlu"),
        "stay": "Konaklama: {}",
        "home": "Saat {} gibi evde",
        "start_trip": "Geziyi başlat",
        "season": "Sezonun",
        "period": "İlkbahar 2025",
        "season_label": "EN İYİ SEZONUN",
        "hikes_n": "{} yürüyüş",
        "climbed": "{} tırmanış",
        "streak": "Üst üste {} hafta sonu doğada",
        "season_tiles": ("En yüksek nokta", "Parkurda", "Yeni rotalar"),
        "hours": "{} sa",
        "recent": "Son yürüyüşler",
        "see_all": "Tümü",
        "recent_dates": ("15 Haz Paz", "14 Haz Cmt", "7 Haz Cmt"),
    },
    "ru": {
        "dec": ",",
        "thou": NBSP,
        "km": "{} км",
        "m": "{} м",
        "dur": "{h} ч {m} мин",
        "tabs": ("Обзор", "Карта", "Поездки", "Профиль"),
        "location": "Астурия, Испания",
        "title": "Тропы рядом",
        "search": "Тропы, вершины, озёра",
        "chips": ("Лучший вид", "Ближайшие", "Лёгкие", "Кольцевые"),
        "view": "вид {}",
        "checked": "Проверено местными",
        "easy": "Лёгкий",
        "moderate": "Средний",
        "offline": "Офлайн",
        "downloaded": "Загружено",
        "profile": "Профиль высот",
        "stat_labels": ("Дистанция", "Набор", "Время"),
        "start_hike": "Начать поход",
        "weekend": "Ваши выходные",
        "dates": "сб, 14 – вс, 15 июня",
        "plan_label": "ПЛАН ГОТОВ",
        "sum_labels": ("похода", "дистанция", "набор высоты"),
        "days": ("Суббота, 14 июня", "Воскресенье, 15 июня"),
        "weather": ("Солнечно", "Малооблачно"),
        "stay": "Ночёвка: {}",
        "home": "Дома к {}",
        "start_trip": "Начать поездку",
        "season": "Ваш сезон",
        "period": "Весна 2025",
        "season_label": "ЛУЧШИЙ СЕЗОН",
        "hikes_n": "{} походов",
        "climbed": "{} набора высоты",
        "streak": "{} выходных подряд на природе",
        "season_tiles": ("Высшая точка", "В пути", "Новые тропы"),
        "hours": "{} ч",
        "recent": "Последние походы",
        "see_all": "Все",
        "recent_dates": ("вс, 15 июня", "сб, 14 июня", "сб, 7 июня"),
    },
    "uk": {
        "dec": ",",
        "thou": NBSP,
        "km": "{} км",
        "m": "{} м",
        "dur": "{h} год {m} хв",
        "tabs": ("Огляд", "Мапа", "Поїздки", "Профіль"),
        "location": "Астурія, Іспанія",
        "title": "Стежки поруч",
        "search": "Стежки, вершини, озера",
        "chips": ("Найкращий краєвид", "Найближчі", "Легкі", "Кільцеві"),
        "view": "краєвид {}",
        "checked": "Перевірено місцевими",
        "easy": "Легкий",
        "moderate": "Середній",
        "offline": "Офлайн",
        "downloaded": "Завантажено",
        "profile": "Профіль висот",
        "stat_labels": ("Дистанція", "Набір", "Час"),
        "start_hike": "Почати похід",
        "weekend": "Ваші вихідні",
        "dates": "сб, 14 – нд, 15 червня",
        "plan_label": "ПЛАН ГОТОВИЙ",
        "sum_labels": ("походи", "дистанція", "набір висоти"),
        "days": ("Субота, 14 червня", "Неділя, 15 червня"),
        "weather": ("Сонячно", "Малохмарно"),
        "stay": "Ночівля: {}",
        "home": "Удома до {}",
        "start_trip": "Почати поїздку",
        "season": "Ваш сезон",
        "period": "Весна 2025",
        "season_label": "НАЙКРАЩИЙ СЕЗОН",
        "hikes_n": "{} походів",
        "climbed": "{} набору висоти",
        "streak": "{} вихідних поспіль на природі",
        "season_tiles": ("Найвища точка", "У дорозі", "Нові стежки"),
        "hours": "{} год",
        "recent": "Останні походи",
        "see_all": "Усі",
        "recent_dates": ("нд, 15 червня", "сб, 14 червня", "сб, 7 червня"),
    },
    "ja": {
        "dur": "{h}時間{m}分",
        "tabs": ("見つける", "地図", "プラン", "プロフィール"),
        "location": "スペイン・アストゥリアス",
        "title": "近くのトレイル",
        "search": "トレイル・山・湖を検索",
        "chips": ("眺望が良い順", "近い順", "初級", "周回コース"),
        "view": "眺望 {}",
        "checked": "地元ハイカー確認済み",
        "easy": "初級",
        "moderate": "中級",
        "offline": "オフライン",
        "downloaded": "ダウンロード済み",
        "profile": "標高グラフ",
        "stat_labels": ("距離", "登り", "所要時間"),
        "start_hike": "ハイクを開始",
        "weekend": "あなたの週末",
        "dates": "6月14日（土）〜15日（日）",
        "plan_label": "おまかせプラン",
        "sum_labels": ("ハイク", "距離", "登り"),
        "days": ("6月14日（土）", "6月15日（日）"),
        "weather": ("晴れ", "晴れ時々くもり"),
        "stay": "{}に宿泊",
        "home": "{}に帰宅",
        "times": ("9:30", "19:00", "9:00", "17:00"),
        "start_trip": "旅をはじめる",
        "season": "あなたのシーズン",
        "period": "2025年 春",
        "season_label": "過去最高のシーズン",
        "hikes_n": "{}回のハイク",
        "climbed": "累積標高 {}",
        "streak": "{}週連続で週末は山へ",
        "season_tiles": ("最高地点", "歩いた時間", "新しいトレイル"),
        "hours": "{}時間",
        "recent": "最近のハイク",
        "see_all": "すべて見る",
        "recent_dates": ("6月15日（日）", "6月14日（土）", "6月7日（土）"),
    },
    "ko": {
        "dur": "{h}시간 {m}분",
        "tabs": ("탐색", "지도", "여행", "프로필"),
        "location": "스페인 아스투리아스",
        "title": "내 주변 트레일",
        "search": "트레일, 산, 호수 검색",
        "chips": ("뷰 좋은 순", "가까운 순", "쉬움", "순환 코스"),
        "view": "뷰 {}",
        "checked": "현지 등산객 검증",
        "easy": "쉬움",
        "moderate": "보통",
        "offline": "오프라인",
        "downloaded": "다운로드됨",
        "profile": "고도 프로필",
        "stat_labels": ("거리", "오르막", "소요 시간"),
        "start_hike": "산행 시작",
        "weekend": "나의 주말",
        "dates": "6월 14일(토) – 15일(일)",
        "plan_label": "맞춤 플랜",
        "sum_labels": ("산행", "거리", "오르막"),
        "days": ("6월 14일 토요일", "6월 15일 일요일"),
        "weather": ("맑음", "구름 조금"),
        "stay": "숙박: {}",
        "home": "{} 귀가",
        "times": ("오전 9:30", "오후 7:00", "오전 9:00", "오후 5:00"),
        "start_trip": "여행 시작",
        "season": "나의 시즌",
        "period": "2025년 봄",
        "season_label": "최고의 시즌",
        "hikes_n": "산행 {}회",
        "climbed": "누적 오르막 {}",
        "streak": "{}주 연속 주말 산행",
        "season_tiles": ("최고 지점", "산행 시간", "새 트레일"),
        "hours": "{}시간",
        "recent": "최근 산행",
        "see_all": "전체 보기",
        "recent_dates": ("6월 15일(일)", "6월 14일(토)", "6월 7일(토)"),
    },
    "zh-Hans": {
        "km": "{} 公里",
        "m": "{} 米",
        "dur": "{h} 小时 {m} 分钟",
        "tabs": ("探索", "地图", "行程", "我的"),
        "location": "西班牙 · 阿斯图里亚斯",
        "title": "附近的徒步路线",
        "search": "搜索路线、山峰、湖泊",
        "chips": ("风景最佳", "离我最近", "轻松", "环线"),
        "view": "风景 {}",
        "checked": "本地徒步者已验证",
        "easy": "轻松",
        "moderate": "中等",
        "offline": "离线",
        "downloaded": "已下载",
        "profile": "海拔剖面",
        "stat_labels": ("距离", "爬升", "用时"),
        "start_hike": "开始徒步",
        "weekend": "你的周末",
        "dates": "6月14日（周六）– 15日（周日）",
        "plan_label": "为你规划",
        "sum_labels": ("条路线", "总距离", "总爬升"),
        "days": ("6月14日 星期六", "6月15日 星期日"),
        "weather": ("晴", "多云"),
        "stay": "住宿：{}",
        "home": "{} 前到家",
        "times": ("9:30", "19:00", "9:00", "17:00"),
        "start_trip": "开始行程",
        "season": "你的徒步季",
        "period": "2025 年春季",
        "season_label": "你的最佳徒步季",
        "hikes_n": "{} 次徒步",
        "climbed": "累计爬升 {}",
        "streak": "连续 {} 个周末在路上",
        "season_tiles": ("最高点", "徒步时长", "新路线"),
        "hours": "{} 小时",
        "recent": "最近的徒步",
        "see_all": "查看全部",
        "recent_dates": ("6月15日 周日", "6月14日 周六", "6月7日 周六"),
    },
    "zh-Hant": {
        "km": "{} 公里",
        "m": "{} 公尺",
        "dur": "{h} 小時 {m} 分鐘",
        "tabs": ("探索", "地圖", "行程", "個人"),
        "location": "西班牙 · 阿斯圖里亞斯",
        "title": "附近的步道",
        "search": "搜尋步道、山峰、湖泊",
        "chips": ("景色最佳", "離我最近", "輕鬆", "環狀步道"),
        "view": "景色 {}",
        "checked": "在地山友已驗證",
        "easy": "輕鬆",
        "moderate": "中等",
        "offline": "離線",
        "downloaded": "已下載",
        "profile": "海拔剖面圖",
        "stat_labels": ("距離", "爬升", "時間"),
        "start_hike": "開始健行",
        "weekend": "你的週末",
        "dates": "6月14日（週六）– 15日（週日）",
        "plan_label": "為你規劃",
        "sum_labels": ("條路線", "總距離", "總爬升"),
        "days": ("6月14日 星期六", "6月15日 星期日"),
        "weather": ("晴", "多雲"),
        "stay": "住宿：{}",
        "home": "{} 前到家",
        "times": ("9:30", "19:00", "9:00", "17:00"),
        "start_trip": "開始行程",
        "season": "你的健行季",
        "period": "2025 年春季",
        "season_label": "你的最佳健行季",
        "hikes_n": "{} 次健行",
        "climbed": "累積爬升 {}",
        "streak": "連續 {} 個週末都在山上",
        "season_tiles": ("最高點", "健行時間", "新步道"),
        "hours": "{} 小時",
        "recent": "最近的健行",
        "see_all": "查看全部",
        "recent_dates": ("6月15日 週日", "6月14日 週六", "6月7日 週六"),
    },
    "ar": {
        "km": "{} كم",
        "m": "{} م",
        "dur": "{h} س {m} د",
        "tabs": ("استكشف", "الخريطة", "الرحلات", "الملف"),
        "location": "أستورياس، إسبانيا",
        "title": "مسارات قريبة منك",
        "search": "ابحث عن مسارات وقمم وبحيرات",
        "chips": ("أجمل إطلالة", "الأقرب", "سهلة", "دائرية"),
        "view": "الإطلالة {}",
        "checked": "تحقق منه متنزهون محليون",
        "easy": "سهل",
        "moderate": "متوسط",
        "offline": "دون اتصال",
        "downloaded": "تم التنزيل",
        "profile": "مخطط الارتفاع",
        "stat_labels": ("المسافة", "الصعود", "المدة"),
        "start_hike": "ابدأ المسار",
        "weekend": "عطلة نهاية أسبوعك",
        "dates": "السبت 14 – الأحد 15 يونيو",
        "plan_label": "خطة مُعدّة لك",
        "sum_labels": ("مسارات", "المسافة", "الصعود"),
        "days": ("السبت، 14 يونيو", "الأحد، 15 يونيو"),
        "weather": ("مشمس", "غائم جزئيًا"),
        "stay": "المبيت في {}",
        "home": "العودة إلى المنزل {}",
        "times": ("9:30 ص", "7:00 م", "9:00 ص", "5:00 م"),
        "start_trip": "ابدأ الرحلة",
        "season": "موسمك",
        "period": "ربيع 2025",
        "season_label": "أفضل مواسمك",
        "hikes_n": "{} مسارًا",
        "climbed": "صعود إجمالي {}",
        "streak": "{} عطلة نهاية أسبوع متتالية في الطبيعة",
        "season_tiles": ("أعلى نقطة", "على المسار", "مسارات جديدة"),
        "hours": "{} س",
        "recent": "آخر مساراتك",
        "see_all": "عرض الكل",
        "recent_dates": ("الأحد 15 يونيو", "السبت 14 يونيو", "السبت 7 يونيو"),
    },
    "he": {
        "km": "{} ק״מ",
        "m": "{} מ׳",
        "dur": "{h} ש׳ {m} ד׳",
        "tabs": ("גילוי", "מפה", "טיולים", "פרופיל"),
        "location": "אסטוריאס, ספרד",
        "title": "מסלולים לידך",
        "search": "חיפוש מסלולים, פסגות, אגמים",
        "chips": ("הנוף הכי יפה", "הכי קרובים", "קלים", "מעגליים"),
        "view": "נוף {}",
        "checked": "נבדק על ידי מקומיים",
        "easy": "קל",
        "moderate": "בינוני",
        "offline": "אופליין",
        "downloaded": "הורדה הושלמה",
        "profile": "פרופיל גובה",
        "stat_labels": ("מרחק", "עלייה", "זמן"),
        "start_hike": "התחלת מסלול",
        "weekend": "סוף השבוע שלך",
        "dates": "שבת 14 – ראשון 15 ביוני",
        "plan_label": "תוכנן בשבילך",
        "sum_labels": ("מסלולים", "מרחק", "עלייה"),
        "days": ("שבת, 14 ביוני", "יום ראשון, 15 ביוני"),
        "weather": ("שמשי", "מעונן חלקית"),
        "stay": "לינה ב־{}",
        "home": "בבית עד {}",
        "start_trip": "יוצאים לדרך",
        "season": "העונה שלך",
        "period": "אביב 2025",
        "season_label": "העונה הכי טובה שלך",
        "hikes_n": "{} מסלולים",
        "climbed": "{} טיפוס מצטבר",
        "streak": "{} סופי שבוע ברצף בשטח",
        "season_tiles": ("הנקודה הגבוהה", "זמן בשטח", "מסלולים חדשים"),
        "hours": "{} ש׳",
        "recent": "טיולים אחרונים",
        "see_all": "הכול",
        "recent_dates": ("ראשון, 15 ביוני", "שבת, 14 ביוני", "שבת, 7 ביוני"),
    },
    "hi": {
        "km": "{} कि.मी.",
        "m": "{} मी.",
        "dur": "{h} घं. {m} मि.",
        "tabs": ("खोजें", "मैप", "ट्रिप्स", "प्रोफ़ाइल"),
        "location": "अस्तूरियस, स्पेन",
        "title": "आपके पास के ट्रेल्स",
        "search": "ट्रेल, चोटी, झील खोजें",
        "chips": ("बेस्ट व्यू", "सबसे पास", "आसान", "लूप ट्रेल"),
        "view": "व्यू {}",
        "checked": "लोकल हाइकर्स ने चेक किया",
        "easy": "आसान",
        "moderate": "मध्यम",
        "offline": "ऑफ़लाइन",
        "downloaded": "डाउनलोड हो गया",
        "profile": "ऊंचाई प्रोफ़ाइल",
        "stat_labels": ("दूरी", "चढ़ाई", "समय"),
        "start_hike": "हाइक शुरू करें",
        "weekend": "आपका वीकेंड",
        "dates": "शनि, 14 जून – रवि, 15 जून",
        "plan_label": "आपके लिए प्लान",
        "sum_labels": ("हाइक", "दूरी", "चढ़ाई"),
        "days": ("शनिवार, 14 जून", "रविवार, 15 जून"),
        "weather": ("धूप", "आंशिक बादल"),
        "stay": "रात्रि विश्राम: {}",
        "home": "{} तक घर वापसी",
        "times": ("सुबह 9:30", "शाम 7:00", "सुबह 9:00", "शाम 5:00"),
        "start_trip": "ट्रिप शुरू करें",
        "season": "आपका सीज़न",
        "period": "वसंत 2025",
        "season_label": "अब तक का बेस्ट सीज़न",
        "hikes_n": "{} हाइक",
        "climbed": "{} की चढ़ाई",
        "streak": "लगातार {} वीकेंड ट्रेल पर",
        "season_tiles": ("सबसे ऊंचा पॉइंट", "ट्रेल पर समय", "नए ट्रेल्स"),
        "hours": "{} घं.",
        "recent": "हाल की हाइक",
        "see_all": "सभी देखें",
        "recent_dates": ("रवि, 15 जून", "शनि, 14 जून", "शनि, 7 जून"),
    },
    "th": {
        "km": "{} กม.",
        "m": "{} ม.",
        "dur": "{h} ชม. {m} นาที",
        "tabs": ("สำรวจ", "แผนที่", "ทริป", "โปรไฟล์"),
        "location": "อัสตูเรียส สเปน",
        "title": "เส้นทางใกล้คุณ",
        "search": "ค้นหาเส้นทาง ยอดเขา ทะเลสาบ",
        "chips": ("วิวดีที่สุด", "ใกล้ที่สุด", "ง่าย", "เส้นทางวน"),
        "view": "วิว {}",
        "checked": "นักเดินป่าท้องถิ่นตรวจแล้ว",
        "easy": "ง่าย",
        "moderate": "ปานกลาง",
        "offline": "ออฟไลน์",
        "downloaded": "ดาวน์โหลดแล้ว",
        "profile": "กราฟความสูง",
        "stat_labels": ("ระยะทาง", "ขึ้นสะสม", "เวลา"),
        "start_hike": "เริ่มเดินป่า",
        "weekend": "สุดสัปดาห์ของคุณ",
        "dates": "ส. 14 – อา. 15 มิ.ย.",
        "plan_label": "วางแผนให้คุณแล้ว",
        "sum_labels": ("เส้นทาง", "ระยะทาง", "ขึ้นสะสม"),
        "days": ("วันเสาร์ที่ 14 มิถุนายน", "วันอาทิตย์ที่ 15 มิถุนายน"),
        "weather": ("แดดจ้า", "มีเมฆบางส่วน"),
        "stay": "ค้างคืนที่ {}",
        "home": "ถึงบ้าน {} น.",
        "start_trip": "เริ่มทริป",
        "season": "ซีซันของคุณ",
        "period": "ฤดูใบไม้ผลิ 2568",
        "season_label": "ซีซันที่ดีที่สุดของคุณ",
        "hikes_n": "เดินป่า {} ครั้ง",
        "climbed": "ขึ้นสะสม {}",
        "streak": "ออกเดินป่า {} สุดสัปดาห์ติดกัน",
        "season_tiles": ("จุดสูงสุด", "เวลาบนเส้นทาง", "เส้นทางใหม่"),
        "hours": "{} ชม.",
        "recent": "เดินป่าล่าสุด",
        "see_all": "ดูทั้งหมด",
        "recent_dates": ("อา. 15 มิ.ย.", "ส. 14 มิ.ย.", "ส. 7 มิ.ย."),
    },
    "vi": {
        "dec": ",",
        "thou": ".",
        "dur": "{h} giờ {m} phút",
        "tabs": ("Khám phá", "Bản đồ", "Chuyến đi", "Hồ sơ"),
        "location": "Asturias, Tây Ban Nha",
        "title": "Cung đường gần bạn",
        "search": "Tìm cung đường, đỉnh núi, hồ",
        "chips": ("Cảnh đẹp nhất", "Gần nhất", "Dễ", "Đường vòng"),
        "view": "cảnh {}",
        "checked": "Dân địa phương đã kiểm chứng",
        "easy": "Dễ",
        "moderate": "Trung bình",
        "offline": "Offline",
        "downloaded": "Đã tải xuống",
        "profile": "Biểu đồ độ cao",
        "stat_labels": ("Quãng đường", "Leo dốc", "Thời gian"),
        "start_hike": "Bắt đầu trek",
        "weekend": "Cuối tuần của bạn",
        "dates": "T7, 14/6 – CN, 15/6",
        "plan_label": "LỊCH TRÌNH CHO BẠN",
        "sum_labels": ("cung trek", "quãng đường", "leo dốc"),
        "days": ("Thứ Bảy, 14 tháng 6", "Chủ Nhật, 15 tháng 6"),
        "weather": ("Nắng", "Có mây"),
        "stay": "Nghỉ đêm tại {}",
        "home": "Về nhà lúc {}",
        "start_trip": "Bắt đầu chuyến đi",
        "season": "Mùa của bạn",
        "period": "Mùa xuân 2025",
        "season_label": "MÙA ĐẸP NHẤT CỦA BẠN",
        "hikes_n": "{} cung trek",
        "climbed": "Tổng leo dốc {}",
        "streak": "{} cuối tuần liên tiếp lên đường",
        "season_tiles": ("Điểm cao nhất", "Thời gian trek", "Cung đường mới"),
        "hours": "{} giờ",
        "recent": "Chuyến trek gần đây",
        "see_all": "Xem tất cả",
        "recent_dates": ("CN, 15/6", "T7, 14/6", "T7, 7/6"),
    },
    "id": {
        "dec": ",",
        "thou": ".",
        "dur": "{h} j {m} mnt",
        "tabs": ("Jelajah", "Peta", "Trip", "Profil"),
        "location": "Asturias, Spanyol",
        "title": "Jalur di dekatmu",
        "search": "Cari jalur, puncak, danau",
        "chips": ("Pemandangan terbaik", "Terdekat", "Mudah", "Memutar"),
        "view": "panorama {}",
        "checked": "Dicek pendaki lokal",
        "easy": "Mudah",
        "moderate": "Sedang",
        "offline": "Offline",
        "downloaded": "Sudah diunduh",
        "profile": "Profil ketinggian",
        "stat_labels": ("Jarak", "Tanjakan", "Waktu"),
        "start_hike": "Mulai mendaki",
        "weekend": "Akhir pekanmu",
        "dates": "Sab, 14 – Min, 15 Juni",
        "plan_label": "DIRENCANAKAN UNTUKMU",
        "sum_labels": ("pendakian", "jarak", "tanjakan"),
        "days": ("Sabtu, 14 Juni", "Minggu, 15 Juni"),
        "weather": ("Cerah", "Cerah berawan"),
        "stay": "Menginap di {}",
        "home": "Tiba di rumah {}",
        "times": ("09.30", "19.00", "09.00", "17.00"),
        "start_trip": "Mulai trip",
        "season": "Musimmu",
        "period": "Musim semi 2025",
        "season_label": "MUSIM TERBAIKMU",
        "hikes_n": "{} pendakian",
        "climbed": "Total tanjakan {}",
        "streak": "{} akhir pekan berturut-turut di alam",
        "season_tiles": ("Titik tertinggi", "Di jalur", "Jalur baru"),
        "hours": "{} j",
        "recent": "Pendakian terakhir",
        "see_all": "Lihat semua",
        "recent_dates": ("Min, 15 Jun", "Sab, 14 Jun", "Sab, 7 Jun"),
    },
}


def strings(lang: str) -> dict[str, object]:
    """The table of one language, English filling its gaps (a 24-hour clock but for English), and its
    differentiator from travel_app.json (the line of the weekend plan's summary)."""
    base = dict(STRINGS["en"])
    if lang != "en":
        base["times"] = H24
    copy = json.loads((HERE / "travel_app.json").read_text(encoding="utf-8"))
    return {**base, **STRINGS[lang], "lang": lang, "checked_long": copy[lang]["differentiators"][0]}


def tup(s: Screen, key: str) -> tuple[str, ...]:
    v = s.t[key]
    assert isinstance(v, tuple)
    return v


def num(s: Screen, v: float, decimals: int = 0) -> str:
    """A number in the screen's language: its decimal separator, and its thousands separator from
    1,000 (Spanish and Polish leave four digits together)."""
    text = f"{v:,.{decimals}f}"
    whole, _, frac = text.partition(".")
    thou = s.s("thou")
    if len(whole.replace(",", "")) == 4 and thou == "":
        whole = whole.replace(",", "")
    whole = whole.replace(",", thou)
    return whole + (s.s("dec") + frac if frac else "")


def km(s: Screen, v: float, decimals: int = 1) -> str:
    return s.s("km").format(num(s, v, decimals))


def metres(s: Screen, v: float) -> str:
    return s.s("m").format(num(s, v))


def duration(s: Screen, h: int, m: int) -> str:
    return s.s("dur").format(h=h, m=m)


def temp_of(s: Screen, degrees: int) -> str:
    """ "24°"; written "°24" in RTL, where runs() would put a trailing neutral sign on the left."""
    return f"°{degrees}" if s.rtl else f"{degrees}°"


# photos ------------------------------------------------------------------------------------------
@cache
def _photo(name: str) -> Image.Image:
    with Image.open(PHOTOS / name) as im:
        return im.convert("RGB")


def photo(
    s: Screen,
    name: str,
    b: Box,
    r: float,
    focus: tuple[float, float] = (0.5, 0.5),
    zoom: float = 1.0,
    corners: tuple[bool, bool, bool, bool] | None = None,
) -> None:
    """A crop of a bundled photo filling a (rounded) box, around `focus` (fractions of the photo).
    Drawn mirrored on an RTL screen, so that the screen's flip shows it the right way round."""
    x0, y0, x1, y1 = _box(b)
    w, h = x1 - x0, y1 - y0
    im = _photo(name)
    iw, ih = im.size
    scale = max(w / iw, h / ih) * zoom
    cw, ch = w / scale, h / scale
    cx = min(max(focus[0] * iw, cw / 2), iw - cw / 2)
    cy = min(max(focus[1] * ih, ch / 2), ih - ch / 2)
    crop = im.resize(
        (w, h), Image.Resampling.LANCZOS, box=(cx - cw / 2, cy - ch / 2, cx + cw / 2, cy + ch / 2)
    )
    if s.rtl:
        crop = crop.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
        if corners is not None:
            corners = (corners[1], corners[0], corners[3], corners[2])
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius=_px(r), fill=255, corners=corners)
    s.img.paste(crop, (x0, y0), mask)


# icons (shapes, centred on cx, cy) ----------------------------------------------------------------
def icon_pin(s: Screen, cx: float, cy: float, r: float, c: Color, hole: Color | None) -> None:
    """A map pin whose point is at (cx, cy + r * 1.55), its head of radius r around (cx, cy)."""
    tip = cy + r * 1.55
    a = math.acos(r / (tip - cy))
    pts = [(cx, tip)]
    for k in range(33):
        t = math.pi / 2 + a + (2 * math.pi - 2 * a) * k / 32
        pts.append((cx + r * math.cos(t), cy + r * math.sin(t)))
    s.polygon(pts, c)
    if hole is not None:
        s.circle(cx, cy, r * 0.42, fill=hole)


def icon_search(s: Screen, cx: float, cy: float, c: Color) -> None:
    s.ring(cx - 1.5, cy - 1.5, 6, 2.2, c)
    s.line([(cx + 3.2, cy + 3.2), (cx + 7.5, cy + 7.5)], c, 2.4)


def icon_sliders(s: Screen, cx: float, cy: float, c: Color, knob: Color) -> None:
    for dy, kx in ((-5.5, 3.5), (0.0, -4.0), (5.5, 1.5)):
        s.line([(cx - 9, cy + dy), (cx + 9, cy + dy)], c, 2)
        s.circle(cx + kx, cy + dy, 3.2, fill=knob, outline=c, width=1.8)


def icon_compass(s: Screen, cx: float, cy: float, c: Color, bg: Color) -> None:
    s.ring(cx, cy, 10, 2.2, c)
    s.polygon([(cx + 5.2, cy - 5.2), (cx + 1.8, cy + 1.8), (cx - 5.2, cy + 5.2), (cx - 1.8, cy - 1.8)], c)
    s.circle(cx, cy, 1.3, fill=bg)


def icon_map(s: Screen, cx: float, cy: float, c: Color, bg: Color) -> None:
    xs = (cx - 11, cx - 3.7, cx + 3.7, cx + 11)
    top = [(xs[0], cy - 8), (xs[1], cy - 10.5), (xs[2], cy - 8), (xs[3], cy - 10.5)]
    bottom = [(xs[3], cy + 8), (xs[2], cy + 10.5), (xs[1], cy + 8), (xs[0], cy + 10.5)]
    s.polygon(top + bottom, c)
    s.line([(xs[1], cy - 10.5), (xs[1], cy + 8)], bg, 1.3, caps=False)
    s.line([(xs[2], cy - 8), (xs[2], cy + 10.5)], bg, 1.3, caps=False)


def icon_backpack(s: Screen, cx: float, cy: float, c: Color, bg: Color) -> None:
    s.rect((cx - 4.5, cy - 11, cx + 4.5, cy - 3), outline=c, r=3, width=2)
    s.rect((cx - 8.5, cy - 6, cx + 8.5, cy + 11), fill=c, r=5.5)
    s.rect((cx - 5, cy + 2.5, cx + 5, cy + 8.5), fill=bg, r=2)
    s.rect((cx - 5, cy + 2.5, cx + 5, cy + 4.3), fill=c)


def icon_check(s: Screen, cx: float, cy: float, size: float, c: Color, width: float = 2.2) -> None:
    """A tick; it keeps its orientation in RTL (drawn after the flip)."""
    s.later(lambda m: _tick(s, m(cx), cy, size, c, width))


def _tick(s: Screen, cx: float, cy: float, size: float, c: Color, width: float) -> None:
    s.line(
        [
            (cx - size * 0.45, cy + size * 0.02),
            (cx - size * 0.12, cy + size * 0.33),
            (cx + size * 0.45, cy - size * 0.3),
        ],
        c,
        width,
    )


def icon_sun(s: Screen, cx: float, cy: float, r: float, c: Color) -> None:
    s.circle(cx, cy, r, fill=c)
    for k in range(8):
        t = math.radians(45 * k)
        s.line(
            [
                (cx + (r + 3) * math.cos(t), cy + (r + 3) * math.sin(t)),
                (cx + (r + 6.5) * math.cos(t), cy + (r + 6.5) * math.sin(t)),
            ],
            c,
            2.2,
        )


def icon_cloud(s: Screen, cx: float, cy: float, w: float, c: Color) -> None:
    h = w * 0.5
    s.rect((cx - w / 2, cy, cx + w / 2, cy + h * 0.55), fill=c, r=h * 0.28)
    s.circle(cx - w * 0.18, cy + h * 0.05, h * 0.42, fill=c)
    s.circle(cx + w * 0.1, cy - h * 0.1, h * 0.55, fill=c)


def icon_ascent(s: Screen, cx: float, cy: float, c: Color) -> None:
    s.polygon(
        [
            (cx - 7.5, cy + 5),
            (cx - 1.5, cy - 5),
            (cx + 1.8, cy + 0.5),
            (cx + 3.8, cy - 2.5),
            (cx + 8, cy + 5),
        ],
        c,
    )


def icon_route(s: Screen, cx: float, cy: float, c: Color) -> None:
    s.line([(cx - 5.5, cy + 4.5), (cx - 1, cy + 1), (cx + 1.5, cy + 2.5), (cx + 5.5, cy - 4.5)], c, 1.8)
    s.circle(cx - 5.5, cy + 4.5, 2.3, fill=c)
    s.circle(cx + 5.5, cy - 4.5, 2.3, fill=c)


def icon_clock_small(s: Screen, cx: float, cy: float, c: Color) -> None:
    s.ring(cx, cy, 5.6, 1.8, c)
    s.line([(cx, cy - 3), (cx, cy), (cx + 2.4, cy + 1.4)], c, 1.6)


def _clock(s: Screen, cx: float, cy: float, c: Color) -> None:
    s.later(lambda m: icon_clock_small(s, m(cx), cy, c))  # a clock runs clockwise in RTL too


def icon_tent(s: Screen, cx: float, cy: float, c: Color, bg: Color) -> None:
    s.polygon([(cx - 10, cy + 7), (cx, cy - 8), (cx + 10, cy + 7)], c)
    s.polygon([(cx - 3.5, cy + 7), (cx, cy - 0.5), (cx + 3.5, cy + 7)], bg)
    s.line([(cx - 11, cy + 7.5), (cx + 11, cy + 7.5)], c, 1.6)


def icon_bookmark(s: Screen, cx: float, cy: float, c: Color) -> None:
    s.polygon([(cx - 6, cy - 8), (cx + 6, cy - 8), (cx + 6, cy + 8.5), (cx, cy + 4), (cx - 6, cy + 8.5)], c)


def icon_layers(s: Screen, cx: float, cy: float, c: Color, bg: Color) -> None:
    s.polygon([(cx - 9, cy + 3), (cx, cy + 7.5), (cx + 9, cy + 3), (cx, cy - 1.5)], c)
    s.polygon([(cx - 9.8, cy - 2.5), (cx, cy + 2.6), (cx + 9.8, cy - 2.5), (cx, cy - 7.6)], bg)
    s.polygon([(cx - 9, cy - 2.5), (cx, cy + 2), (cx + 9, cy - 2.5), (cx, cy - 7)], c)


def icon_locate(s: Screen, cx: float, cy: float, c: Color) -> None:
    s.polygon([(cx + 7, cy - 7), (cx - 1, cy + 8), (cx - 1.8, cy + 1.8), (cx - 8, cy + 1)], c)


def icon_flag(s: Screen, cx: float, cy: float, c: Color) -> None:
    s.rect((cx - 4.2, cy - 5.5, cx - 2.8, cy + 6), fill=c, r=0.6)
    s.polygon([(cx - 2.8, cy - 5.5), (cx + 5, cy - 3), (cx - 2.8, cy - 0.5)], c)


def icon_arrow(s: Screen, cx: float, cy: float, c: Color) -> None:
    s.line([(cx - 7, cy), (cx + 6, cy)], c, 2.6)
    s.line([(cx + 1, cy - 5.5), (cx + 6.5, cy), (cx + 1, cy + 5.5)], c, 2.6)


def icon_share(s: Screen, cx: float, cy: float, c: Color) -> None:
    s.line(
        [
            (cx - 4, cy - 3),
            (cx - 7.5, cy - 3),
            (cx - 7.5, cy + 9),
            (cx + 7.5, cy + 9),
            (cx + 7.5, cy - 3),
            (cx + 4, cy - 3),
        ],
        c,
        2,
        caps=False,
    )
    s.line([(cx, cy - 10), (cx, cy + 3)], c, 2)
    s.line([(cx - 4.2, cy - 6), (cx, cy - 10.2), (cx + 4.2, cy - 6)], c, 2)


def icon_clock_big(s: Screen, cx: float, cy: float, c: Color) -> None:
    s.later(lambda m: _clock_hands(s, m(cx), cy, c))  # a clock runs clockwise in RTL too


def _clock_hands(s: Screen, cx: float, cy: float, c: Color) -> None:
    s.ring(cx, cy, 7.5, 2.2, c)
    s.line([(cx, cy - 4), (cx, cy), (cx + 3.2, cy + 1.9)], c, 2)


# chrome ------------------------------------------------------------------------------------------
def tab_bar(s: Screen, active: int) -> None:
    top = 761.0
    bg, on, off = CARD, PRIMARY, (150, 164, 158)
    s.rect((0, top, W_PT, H_PT), fill=bg)
    s.rect((0, top, W_PT, top + 0.5), fill=HAIR)
    icons = (icon_compass, icon_map, icon_backpack, icon_profile)
    tw = W_PT / 4
    for i, (label, draw_icon) in enumerate(zip(tup(s, "tabs"), icons, strict=True)):
        c = on if i == active else off
        cx = tw * i + tw / 2
        draw_icon(s, cx, top + 21, c, bg)
        s.text(cx, top + 46, label, "bold", 10.5, c, anchor="ms", max_w=tw - 6)
    s.rect((W_PT / 2 - 67, H_PT - 13, W_PT / 2 + 67, H_PT - 8), fill=(0, 0, 0), r=2.5)


def chip(
    s: Screen,
    x: float,
    cy: float,
    label: str,
    bg: Color,
    fg: Color,
    size: float = 13,
    h: float = 32,
    pad: float = 14,
) -> float:
    w = s.width(label, "bold", size) + 2 * pad
    s.rect((x, cy - h / 2, x + w, cy + h / 2), fill=bg, r=h / 2)
    s.text(x + pad, cy, label, "bold", size, fg, anchor="lm")
    return x + w


def view_badge(
    s: Screen, x: float, cy: float, score: float, size: float, bg: Color, fg: Color, h: float
) -> float:
    """A pill with a star and the view score, left-aligned at x; returns its right edge."""
    label = s.s("view").format(num(s, score, 1))
    w = s.width(label, "heavy", size) + h * 0.5 + size + 10
    s.rect((x, cy - h / 2, x + w, cy + h / 2), fill=bg, r=h / 2)
    icon_star(s, x + h * 0.3 + size * 0.5, cy, size * 0.55, STAR)
    s.text(x + h * 0.3 + size + 5, cy, label, "heavy", size, fg, anchor="lm")
    return x + w


def value_unit(
    s: Screen, x: float, y: float, template: str, value: str, big: float, small: float, max_w: float
) -> None:
    """A big figure with its unit set small, in the order of the language's format ("{} km")."""
    pre, _, post = template.partition("{}")
    parts = [(pre, "bold", small, ON_DARK), (value, "black", big, WHITE), (post, "bold", small, ON_DARK)]
    full = sum(s.width(text, face, size) for text, face, size, _ in parts if text)
    k = min(1.0, max_w / full)
    for text, face, size, color in parts:
        if text:
            x += s.text(x, y, text, face, size * k, color)


def figures(
    s: Screen, x: float, y: float, parts: Sequence[tuple[str, bool]], big: float, small: float, max_w: float
) -> None:
    """A line of big figures (True) and their small words (False), set smaller to fit max_w."""
    faces = [("black", big, WHITE) if fig else ("bold", small, ON_DARK) for _, fig in parts]
    full = sum(s.width(text, face, size) for (text, _), (face, size, _) in zip(parts, faces, strict=True))
    k = min(1.0, max_w / full)
    for (text, _), (face, size, color) in zip(parts, faces, strict=True):
        if text:
            x += s.text(x, y, text, face, size * k, color)


def meta_row(s: Screen, x: float, y: float, trail: Trail, size: float, c: Color, max_w: float) -> None:
    """Distance, ascent and duration with their icons, left-aligned at x on baseline y."""
    items = (
        (icon_route, km(s, trail[3])),
        (icon_ascent, metres(s, trail[4])),
        (_clock, duration(s, trail[5], trail[6])),
    )
    widths = [s.width(text, "text", size) for _, text in items]
    gap, icon_w = 12.0, 17.0
    full = sum(widths) + len(items) * icon_w + (len(items) - 1) * gap
    k = min(1.0, max_w / full)
    for (draw, text), w in zip(items, widths, strict=True):
        draw(s, x + 6.5, y - size * 0.36, c)
        s.text(x + icon_w, y, text, "text", size * k, MUTED)
        x += icon_w + w * k + gap


# screens -----------------------------------------------------------------------------------------
def nearby(t: dict[str, object]) -> Screen:
    s = Screen(t, BG)
    s.status_bar()

    # header: where, the title, the avatar
    icon_pin(s, 30, 64, 5.5, PRIMARY, BG)
    w = s.text(42, 72, s.s("location"), "bold", 14, MUTED, max_w=250)
    s.line([(46 + w + 1, 65), (46 + w + 5, 69), (46 + w + 9, 65)], MUTED, 2)
    s.text(24, 106, s.s("title"), "black", 29, INK, max_w=292)
    s.gradient((330, 62, 370, 102), [PRIMARY, (120, 200, 140)], r=20, angle=45)
    icon_profile(s, 350, 82, WHITE, WHITE)

    # search and filters
    s.rect((16, 122, 318, 164), fill=CARD, r=14)
    icon_search(s, 38, 143, MUTED)
    s.text(56, 143, s.s("search"), "text", 15, (150, 162, 157), anchor="lm", max_w=250)
    s.rect((328, 122, 374, 164), fill=SECONDARY, r=14)
    icon_sliders(s, 351, 143, WHITE, SECONDARY)

    # sort chips, scrolling past the edge
    x = 16.0
    for i, label in enumerate(tup(s, "chips")):
        if i == 0:
            x = chip(s, x, 194, label, PRIMARY, WHITE) + 8
        else:
            x = chip(s, x, 194, label, CARD, INK) + 8

    # the top trail: a big card
    tr = TRAILS[0]
    card = (16.0, 226.0, 374.0, 466.0)
    s.rect(card, fill=CARD, r=24)
    img = (16.0, 226.0, 374.0, 380.0)
    photo(s, tr[1], img, 24, tr[2], corners=(True, True, False, False))
    s.rect((30, 240, 60, 270), fill=ACCENT, r=15)
    s.text(45, 255.5, "1", "black", 16, SECONDARY, anchor="mm")
    view_badge(s, 68, 255, tr[7], 13, alpha(WHITE, 0.94), INK, 30)
    s.circle(344, 255, 16, fill=alpha(WHITE, 0.94))
    icon_bookmark(s, 344, 255, PRIMARY)
    level = s.s(tr[8])
    lw = s.width(level, "bold", 12) + 20
    s.rect((354 - lw, 392, 354, 416), fill=(255, 243, 210), r=12)
    s.text(354 - lw / 2, 404, level, "bold", 12, (150, 100, 0), anchor="mm")
    s.text(32, 410, tr[0], "heavy", 20, INK, max_w=354 - lw - 10 - 32)
    meta_row(s, 32, 434, tr, 13, MUTED, 322)
    s.circle(40, 450, 7, fill=PRIMARY)
    icon_check(s, 40, 450, 8, WHITE, 1.8)
    s.text(54, 454.5, s.s("checked"), "bold", 12.5, PRIMARY, max_w=300)

    # the next ones
    for i, tr in enumerate(TRAILS[1:]):
        top = 480.0 + i * 92
        s.rect((16, top, 374, top + 80), fill=CARD, r=20)
        photo(s, tr[1], (26, top + 10, 86, top + 70), 14, tr[2])
        s.circle(31, top + 15, 10, fill=SECONDARY)
        s.text(31, top + 15.5, str(i + 2), "black", 11.5, WHITE, anchor="mm")
        s.text(100, top + 29, tr[0], "bold", 16, INK, max_w=230)
        meta_row(s, 100, top + 49, tr, 12, MUTED, 236)
        x = view_badge(s, 100, top + 63, tr[7], 11, MINT, SECONDARY, 20)
        s.text(x + 8, top + 67, s.s(tr[8]), "text", 11.5, MUTED, max_w=354 - x - 8 - 24)
        chevron(s, 356, top + 40, (185, 196, 191))

    tab_bar(s, 0)
    return s


def _smooth(points: Sequence[tuple[float, float]], steps: int = 12) -> list[tuple[float, float]]:
    """A Catmull-Rom curve through the points."""

    def at(a: float, b: float, c: float, d: float, u: float) -> float:
        return 0.5 * (
            2 * b + (c - a) * u + (2 * a - 5 * b + 4 * c - d) * u * u + (3 * b - a - 3 * c + d) * u**3
        )

    out: list[tuple[float, float]] = []
    p = [points[0], *points, points[-1]]
    for i in range(1, len(p) - 2):
        p0, p1, p2, p3 = p[i - 1], p[i], p[i + 1], p[i + 2]
        for k in range(steps):
            u = k / steps
            out.append((at(p0[0], p1[0], p2[0], p3[0], u), at(p0[1], p1[1], p2[1], p3[1], u)))
    out.append(points[-1])
    return out


def _dashed(
    s: Screen, pts: Sequence[tuple[float, float]], dash: float, gap: float, width: float, c: Color
) -> None:
    on, left, cur = True, dash, [pts[0]]
    for a, b in zip(pts, pts[1:], strict=False):
        seg = math.dist(a, b)
        pos = 0.0
        while seg - pos > left:
            pos += left
            p = (a[0] + (b[0] - a[0]) * pos / seg, a[1] + (b[1] - a[1]) * pos / seg)
            if on:
                s.line([*cur, p], c, width)
            on, left, cur = not on, gap if on else dash, [p]
        left -= seg - pos
        cur.append(b)
    if on and len(cur) > 1:
        s.line(cur, c, width)


# The map's area in points, and the route on it (map points, left to right as drawn in LTR).
MAP: Box = (16.0, 106.0, 374.0, 452.0)
ROUTE = [
    (62, 300),
    (96, 282),
    (120, 250),
    (150, 236),
    (172, 204),
    (204, 186),
    (226, 150),
    (262, 124),
    (300, 104),
]
PEAK_AT = (300.0, 100.0)


def _height(x: float, y: float) -> float:
    """The map's terrain: a high peak at the top right, a lower one on the left, a valley at the bottom."""
    h = 0.0
    for px, py, amp, sig in (
        (300, 100, 1.0, 95),
        (96, 150, 0.55, 60),
        (200, 200, 0.35, 120),
        (380, 300, 0.3, 70),
    ):
        h += amp * math.exp(-((x - px) ** 2 + (y - py) ** 2) / (2 * sig * sig))
    h += 0.05 * math.sin(x / 23 + y / 41) + 0.04 * math.cos(y / 17 - x / 53)
    return h


def topo_map(s: Screen) -> None:
    """The offline map: tinted relief, contour lines, forest, a river, the route with its pins."""
    x0, y0, x1, y1 = _box(MAP)
    w, h = x1 - x0, y1 - y0
    wp, hp = MAP[2] - MAP[0], MAP[3] - MAP[1]
    g = 3  # grid step in points
    gw, gh = int(wp / g) + 2, int(hp / g) + 2
    vals = [_height(i * g, j * g) for j in range(gh) for i in range(gw)]
    lo, hi = min(vals), max(vals)
    grid = Image.new("F", (gw, gh))
    grid.putdata([(v - lo) / (hi - lo) for v in vals])
    size = (round(gw * g * w / wp), round(gh * g * h / hp))
    field = grid.resize(size, Image.Resampling.BICUBIC).crop((0, 0, w, h))  # floats, 0 to 1
    # relief tint: valley green to pale rock
    stops = [(214, 234, 206), (226, 238, 212), (236, 234, 214), (232, 224, 206), (246, 244, 238)]
    lut = [mix(*_seg(stops, v / 255)) for v in range(256)]
    level = field.point(lambda v: v * 255).convert("L")
    tinted = Image.merge("RGB", [level.point([c[k] for c in lut]) for k in range(3)])
    # forests on the lower slopes
    woods = Image.new("L", (w, h), 0)
    wd = ImageDraw.Draw(woods)
    for cx, cy, rx, ry in ((40, 60, 70, 46), (150, 300, 90, 40), (330, 250, 60, 50), (250, 330, 80, 30)):
        wd.ellipse((_px(cx - rx), _px(cy - ry), _px(cx + rx), _px(cy + ry)), fill=110)
    woods = woods.filter(ImageFilter.GaussianBlur(_px(14)))
    tinted.paste(Image.new("RGB", (w, h), (178, 214, 170)), (0, 0), woods)

    # contour lines: the edges between the field's bands (from the floats: smooth), every fifth darker
    def edges(n: int, grow: int) -> Image.Image:
        bands = field.point(lambda v: v * n).convert("I").point(lambda v: v * (255 // n)).convert("L")
        return (
            bands.filter(ImageFilter.FIND_EDGES)
            .point(lambda v: 255 if v else 0)
            .filter(ImageFilter.MaxFilter(grow))
        )

    tinted.paste((176, 150, 112), (0, 0), edges(22, 5).point(lambda v: v * 150 // 255))
    tinted.paste((150, 120, 84), (0, 0), edges(22 // 5 + 1, 9).point(lambda v: v * 190 // 255))
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius=_px(24), fill=255)
    s.img.paste(tinted, (x0, y0), mask)

    def at(p: tuple[float, float]) -> tuple[float, float]:
        return (MAP[0] + p[0], MAP[1] + p[1])

    layer, ld = s.layer()
    # a stream down the valley, into a lake
    river = [at(p) for p in _smooth([(-10, 180), (30, 210), (60, 250), (40, 300), (90, 330), (140, 352)])]
    ld.line(_pts(river), fill=(255, 255, 255, 160), width=_px(7), joint="curve")
    ld.line(_pts(river), fill=(*WATER, 255), width=_px(4), joint="curve")
    shore = [(212, 290), (222, 276), (242, 272), (262, 280), (268, 292), (254, 302), (232, 300), (212, 290)]
    ld.polygon(
        _pts([at(p) for p in _smooth(shore, 6)]), fill=(*mix(WATER, WHITE, 0.3), 255), outline=(*WATER, 255)
    )
    s.paste_clipped(layer, MAP, 24)

    route = [at(p) for p in _smooth(ROUTE)]
    s.line(route, WHITE, 8)
    _dashed(s, route, 9, 5, 4.6, PRIMARY)
    # you are here, on the way up
    yx, yy = route[len(route) * 2 // 5]
    s.circle(yx, yy, 16, fill=alpha(WATER, 0.22))
    s.circle(yx, yy, 8, fill=WHITE)
    s.circle(yx, yy, 5.5, fill=(36, 120, 230))
    # start and finish pins
    sx, sy = route[0]
    icon_pin(s, sx, sy - 22, 12, PRIMARY, None)
    s.circle(sx, sy - 22, 5, fill=WHITE)
    s.circle(sx, sy, 3.5, fill=PRIMARY)
    fx, fy = route[-1]
    icon_pin(s, fx, fy - 22, 12, SECONDARY, None)
    icon_flag(s, fx + 0.5, fy - 22, ACCENT)
    s.circle(fx, fy, 3.5, fill=SECONDARY)


def trail_map(t: dict[str, object]) -> Screen:
    s = Screen(t, BG)
    s.status_bar()
    tr = TRAILS[0]

    # top bar
    s.circle(38, 78, 19, fill=CARD)
    s.line([(41, 71), (34.5, 78), (41, 85)], INK, 2.6)
    s.text(68, 75, tr[0], "heavy", 19, INK, max_w=236)
    s.text(68, 94, f"{s.s(tr[8])}  ·  {km(s, tr[3])}", "text", 13, MUTED, max_w=236)
    s.circle(352, 78, 19, fill=CARD)
    icon_bookmark(s, 352, 78, PRIMARY)

    # the map; in RTL it keeps its orientation (the screen's flip turns it back)
    topo_map(s)
    if s.rtl:
        box = _box(MAP)
        s.img.paste(s.img.crop(box).transpose(Image.Transpose.FLIP_LEFT_RIGHT), box[:2])

    def map_text(x: float, y: float, text: str, face: str, size: float, fill: Color, anchor: str) -> float:
        """Text on the map at a map place: not mirrored in RTL."""
        if s.rtl:
            x, anchor = W_PT - x, {"l": "r", "r": "l"}.get(anchor[0], anchor[0]) + anchor[1]
        return s.text(x, y, text, face, size, fill, anchor=anchor)

    px, py = MAP[0] + PEAK_AT[0], MAP[1] + PEAK_AT[1]
    name_w = max(s.width(PEAK[0], "bold", 11.5), s.width(metres(s, PEAK[1]), "text", 11))
    label = (px - 20 - name_w - 12, py - 34, px - 20, py + 2)
    lb = (W_PT - label[2], label[1], W_PT - label[0], label[3]) if s.rtl else label
    s.rect(lb, fill=alpha(WHITE, 0.86), r=8)
    map_text(px - 26, py - 19, PEAK[0], "bold", 11.5, INK, "rs")
    map_text(px - 26, py - 4, metres(s, PEAK[1]), "text", 11, MUTED, "rs")

    # offline chip (UI: mirrored in RTL)
    off, done = s.s("offline"), s.s("downloaded")
    cw = s.width(off, "heavy", 13) + s.width(done, "text", 12.5) + 56
    s.rect((30, 120, 30 + cw, 154), fill=CARD, r=17)
    s.circle(48, 137, 9, fill=PRIMARY)
    icon_check(s, 48, 137, 9, WHITE, 2)
    ow = s.text(64, 137, off, "heavy", 13, INK, anchor="lm")
    s.circle(64 + ow + 7, 137, 1.6, fill=MUTED)
    s.text(64 + ow + 14, 137, done, "text", 12.5, PRIMARY, anchor="lm")
    # map buttons
    for cy, draw in ((356.0, "layers"), (404.0, "locate")):
        s.circle(348, cy, 19, fill=CARD)
        if draw == "layers":
            icon_layers(s, 348, cy, INK, CARD)
        else:
            icon_locate(s, 348, cy + 0.5, (36, 120, 230))
    # scale bar
    scale = metres(s, 500)
    s.rect((30, 424, 92 + s.width(scale, "bold", 10), 442), fill=alpha(WHITE, 0.86), r=7)
    s.line([(38, 430), (38, 435), (78, 435), (78, 430)], INK, 1.6, caps=False)
    s.text(84, 437.5, scale, "bold", 10, INK)

    # elevation profile
    card = (16.0, 466.0, 374.0, 684.0)
    s.rect(card, fill=CARD, r=24)
    s.text(32, 494, s.s("profile"), "heavy", 17, INK, max_w=200)
    top_label = f"{metres(s, 762)} – {metres(s, PEAK[1])}"
    s.text(358, 494, top_label, "text", 12, MUTED, anchor="rs", max_w=130)
    cx0, cx1, cy0, cy1 = 76.0, 356.0, 510.0, 590.0
    lo_m, hi_m = 700.0, 1550.0

    def ey(m: float) -> float:
        return cy1 - (cy1 - cy0) * (m - lo_m) / (hi_m - lo_m)

    for m_ in (800, 1100, 1400):
        s.rect((cx0, ey(m_), cx1, ey(m_) + 0.8), fill=HAIR)
        s.text(cx0 - 8, ey(m_) + 4, metres(s, m_), "text", 10.5, MUTED, anchor="rs", max_w=50)
    prof = [
        (0, 762),
        (1.2, 800),
        (2.4, 905),
        (3.3, 880),
        (4.4, 1010),
        (5.6, 1120),
        (6.5, 1090),
        (7.6, 1230),
        (8.8, 1330),
        (10, 1300),
        (11.2, 1420),
        (12.6, 1482),
    ]
    pts = _smooth([(cx0 + (cx1 - cx0) * d / 12.6, ey(m_)) for d, m_ in prof], 8)
    s.gradient((cx0, cy0 - 2, cx1, cy1), [mix(PRIMARY, WHITE, 0.72), WHITE], angle=90)
    s.polygon([(cx0, cy0 - 3), *[(x, y - 0.5) for x, y in pts], (cx1, cy0 - 3)], CARD)
    s.line(pts, PRIMARY, 3)
    # you are here
    yx, yy = pts[len(pts) * 2 // 5]
    for gy in range(int(yy) + 8, int(cy1), 7):
        s.rect((yx - 0.7, gy, yx + 0.7, min(gy + 4, cy1)), fill=(36, 120, 230))
    s.circle(yx, yy, 6.5, fill=WHITE)
    s.circle(yx, yy, 4.5, fill=(36, 120, 230))
    for d in (0, 4, 8, 12):
        x = cx0 + (cx1 - cx0) * d / 12.6
        s.text(x, 606, km(s, d, 0) if d == 12 else num(s, d), "text", 10.5, MUTED, anchor="ms")
    s.rect((32, 618, 358, 618.8), fill=HAIR)
    stats = (km(s, tr[3]), metres(s, tr[4]), duration(s, tr[5], tr[6]))
    col = (358 - 32) / 3
    for i, (value, label_) in enumerate(zip(stats, tup(s, "stat_labels"), strict=True)):
        x = 32 + col * i
        s.text(x, 650, value, "heavy", 18, INK, max_w=col - 8)
        s.text(x, 669, label_, "text", 12, MUTED, max_w=col - 8)

    # start
    btn = (16.0, 698.0, 374.0, 746.0)
    s.gradient(btn, [(58, 178, 124), PRIMARY], r=24, angle=90)
    label_w = s.width(s.s("start_hike"), "heavy", 17)
    icon_arrow(s, 195 + min(label_w, 280) / 2 + 8, 722, WHITE)
    s.text(195 - 10, 722, s.s("start_hike"), "heavy", 17, WHITE, anchor="mm", max_w=280)

    tab_bar(s, 1)
    return s


def _seg(stops: Sequence[RGB], t: float) -> tuple[RGB, RGB, float]:
    seg = min(max(t, 0.0), 1.0) * (len(stops) - 1)
    i = min(int(seg), len(stops) - 2)
    return stops[i], stops[i + 1], seg - i


def weekend_plan(t: dict[str, object]) -> Screen:
    s = Screen(t, BG)
    s.status_bar()

    s.text(24, 100, s.s("weekend"), "black", 30, INK, max_w=290)
    s.text(24, 124, s.s("dates"), "text", 15, MUTED, max_w=290)
    s.circle(350, 90, 20, fill=CARD)
    icon_calendar(s, 350, 90.5, INK)

    # the summary: a big dark block
    sb = (16.0, 142.0, 374.0, 306.0)
    s.gradient(sb, [SECONDARY, (22, 74, 56)], r=28, angle=30)
    layer, ld = s.layer()
    for k in range(7):  # faint contour lines, the brand's topo motif
        rr = 40 + k * 22
        ld.ellipse(
            _box((330 - rr * 1.3, 150 - rr, 330 + rr * 1.3, 150 + rr)),
            outline=alpha(WHITE, 0.06),
            width=_px(1.4),
        )
    s.paste_clipped(layer, sb, 28)
    s.text(36, 172, s.s("plan_label"), "heavy", 11.5, ACCENT, tracking=1.2, max_w=300)
    e1, e2 = TRAILS[0], TRAILS[2]
    values = (
        ("{}", "2"),
        (s.s("km"), num(s, e1[3] + e2[3], 1)),
        (s.s("m"), num(s, e1[4] + e2[4])),
    )
    col = (354 - 36) / 3
    for i, ((template, value), label) in enumerate(zip(values, tup(s, "sum_labels"), strict=True)):
        x = 36 + col * i + (8 if i else 0)
        value_unit(s, x, 224, template, value, 34, 16, col - 14)
        s.text(x, 246, label, "text", 13, ON_DARK, max_w=col - 14)
    for i in (1, 2):
        x = 36 + col * i - 4
        s.rect((x, 194, x + 1, 248), fill=alpha(WHITE, 0.14))
    s.rect((36, 262, 354, 262.8), fill=alpha(WHITE, 0.12))
    s.circle(45, 282, 9, fill=PRIMARY)
    icon_check(s, 45, 282, 9, WHITE, 2)
    s.text(62, 286.5, s.s("checked_long"), "bold", 13, (214, 236, 224), max_w=292)

    # the two days
    days, weather, times = tup(s, "days"), tup(s, "weather"), tup(s, "times")
    plan = (
        (days[0], weather[0], temp_of(s, 24), TRAILS[0], times[0], "tent", s.s("stay").format(HUT), times[1]),
        (days[1], weather[1], temp_of(s, 19), TRAILS[2], times[2], "home", s.s("home").format(times[3]), ""),
    )
    for i, (day, sky, temp, tr, start, icon, extra, extra_time) in enumerate(plan):
        top = 320.0 + i * 172
        s.rect((16, top, 374, top + 158), fill=CARD, r=24)
        tw = s.width(temp, "heavy", 16)
        ww = s.width(sky, "text", 13)
        right = 356.0
        s.text(right, top + 32, temp, "heavy", 16, INK, anchor="rs")
        s.text(right - tw - 6, top + 31.5, sky, "text", 13, MUTED, anchor="rs", max_w=124)
        ix = right - tw - 6 - min(ww, 124) - 20
        if i == 0:
            icon_sun(s, ix, top + 26, 6, (240, 170, 30))
        else:
            icon_sun(s, ix + 4, top + 21, 5, (240, 170, 30))
            icon_cloud(s, ix - 2, top + 27, 22, (255, 255, 255))
            icon_cloud(s, ix - 2, top + 27.5, 19, (176, 192, 206))
        s.text(32, top + 32, day, "heavy", 17, INK, max_w=ix - 16 - 32)
        s.rect((32, top + 46, 358, top + 46.8), fill=HAIR)
        photo(s, tr[1], (32, top + 58, 92, top + 118), 14, tr[2])
        s.text(106, top + 72, start, "bold", 12, PRIMARY, max_w=120)
        s.text(106, top + 93, tr[0], "bold", 16, INK, max_w=230)
        meta_row(s, 106, top + 112, tr, 12, MUTED, 250)
        s.circle(47, top + 138, 12, fill=MINT)
        if icon == "tent":
            icon_tent(s, 47, top + 137.5, PRIMARY, MINT)
        else:
            icon_home(s, 47, top + 137.5 - 0.5, PRIMARY, MINT)
        ew = s.width(extra_time, "text", 12.5) if extra_time else 0
        if extra_time:
            s.text(358, top + 142.5, extra_time, "text", 12.5, MUTED, anchor="rs")
        s.text(68, top + 142.5, extra, "bold", 13.5, INK, max_w=358 - 68 - ew - 10)

    # start
    btn = (16.0, 676.0, 374.0, 732.0)
    s.gradient(btn, [(58, 178, 124), PRIMARY], r=28, angle=90)
    label = s.s("start_trip")
    lw = s.width(label, "heavy", 18)
    icon_arrow(s, 195 + min(lw, 280) / 2 + 6, 704, WHITE)
    s.text(195 - 12, 704, label, "heavy", 18, WHITE, anchor="mm", max_w=280)

    tab_bar(s, 2)
    return s


# The season's map: a strip of relief at the top of its card, the routes of the season's hikes on it
# (strip points, left to right as drawn in LTR), the latest one, Sunday's, last.
STRIP: Box = (16.0, 142.0, 374.0, 262.0)
PEAK_IN_STRIP = (292.0, 56.0)
SUMMITS = ((124.0, 56.0), PEAK_IN_STRIP, (208.0, 64.0), (36.0, 64.0), (246.0, 36.0))
TRAILHEADS = ((64.0, 100.0), (176.0, 106.0), (318.0, 98.0))


def _season_height(x: float, y: float) -> float:
    h = 0.0
    for (px, py), amp, sig in zip(SUMMITS, (0.7, 1.0, 0.4, 0.45, 0.5), (50, 65, 45, 40, 35), strict=True):
        h += amp * math.exp(-((x - px) ** 2 + (y - py) ** 2) / (2 * sig * sig))
    return h + 0.05 * math.sin(x / 19 + y / 31) + 0.04 * math.cos(y / 13 - x / 47)


def _way(
    head: tuple[float, float], top: tuple[float, float], bend: float, wiggle: float, waves: int, phase: float
) -> list[tuple[float, float]]:
    """A winding way from head to top: a bow of `bend` points across it, small bends along it."""
    (hx, hy), (tx, ty) = head, top
    length = math.hypot(tx - hx, ty - hy)
    nx, ny = -(ty - hy) / length, (tx - hx) / length  # across the way
    out = []
    for i in range(25):
        u = i / 24
        off = bend * math.sin(math.pi * u) + wiggle * math.sin(2 * math.pi * waves * u + phase)
        out.append((hx + (tx - hx) * u + nx * off, hy + (ty - hy) * u + ny * off))
    return out


def _season_routes() -> list[list[tuple[float, float]]]:
    """Fourteen hikes, each from a trailhead up to a nearby summit along a winding way, some back by
    another (loops); the last is Sunday's."""
    rnd = random.Random(14)
    routes = []
    for k in range(14):
        head = TRAILHEADS[k % 3]
        top = sorted(SUMMITS, key=lambda p: abs(p[0] - head[0]))[(k // 3) % 3]
        bend = rnd.uniform(-0.22, 0.22) * math.dist(head, top)
        wiggle, phase = rnd.uniform(1.5, 3.5), rnd.uniform(0, 6.3)
        waves = rnd.choice((2, 3, 4))
        pts = _way(head, top, bend, wiggle, waves, phase)
        if k % 3 == 1:  # a loop: down another way
            other = -bend + (12 if bend <= 0 else -12)
            pts += _way(head, top, other, wiggle, waves, phase)[-2::-1]
        routes.append(pts)
    return routes


def season_map(s: Screen) -> None:
    """The strip: faint contour lines on the card's dark green, the season's routes glowing where they
    overlap, the trailheads, the highest summit's flag."""
    x0, y0, x1, y1 = _box(STRIP)
    w, h = x1 - x0, y1 - y0
    wp, hp = STRIP[2] - STRIP[0], STRIP[3] - STRIP[1]
    g = 3
    gw, gh = int(wp / g) + 2, int(hp / g) + 2
    vals = [_season_height(i * g, j * g) for j in range(gh) for i in range(gw)]
    lo, hi = min(vals), max(vals)
    grid = Image.new("F", (gw, gh))
    grid.putdata([(v - lo) / (hi - lo) for v in vals])
    size = (round(gw * g * w / wp), round(gh * g * h / hp))
    field = grid.resize(size, Image.Resampling.BICUBIC).crop((0, 0, w, h))
    # the card's top corners, and a fade into the card below
    clip = Image.new("L", (w, h), 0)
    ImageDraw.Draw(clip).rounded_rectangle((0, 0, w - 1, h + _px(60)), radius=_px(28), fill=255)
    fade = Image.linear_gradient("L").rotate(180).resize((w, h)).point(lambda v: min(255, v * 2))
    clip = ImageChops.multiply(clip, fade)

    def edges(n: int, grow: int, strength: int) -> Image.Image:
        bands = field.point(lambda v: v * n).convert("I").point(lambda v: v * (255 // n)).convert("L")
        e = bands.filter(ImageFilter.FIND_EDGES).point(lambda v: strength if v else 0)
        return ImageChops.multiply(e.filter(ImageFilter.MaxFilter(grow)), clip)

    s.img.paste(mix(SECONDARY, WHITE, 0.5), (x0, y0), edges(18, 5, 70))
    s.img.paste(mix(SECONDARY, WHITE, 0.6), (x0, y0), edges(18 // 5 + 1, 7, 110))

    def at(p: tuple[float, float]) -> tuple[int, int]:
        return (_px(p[0]), _px(p[1]))

    routes = _season_routes()
    heat = Image.new("L", (w, h), 0)
    for route in routes[:-1]:
        one = Image.new("L", (w, h), 0)
        ImageDraw.Draw(one).line([at(p) for p in route], fill=120, width=_px(2.6), joint="curve")
        heat = ImageChops.add(heat, one)
    glow = heat.filter(ImageFilter.GaussianBlur(_px(5))).point(lambda v: min(255, v * 2))
    s.img.paste(PRIMARY, (x0, y0), glow)
    s.img.paste((132, 226, 172), (x0, y0), heat)

    def to(p: tuple[float, float]) -> tuple[float, float]:
        return (STRIP[0] + p[0], STRIP[1] + p[1])

    last = Image.new("L", (w, h), 0)
    ImageDraw.Draw(last).line([at(p) for p in routes[-1]], fill=255, width=_px(3), joint="curve")
    s.img.paste(ACCENT, (x0, y0), last.filter(ImageFilter.GaussianBlur(_px(3))).point(lambda v: v * 3 // 5))
    s.img.paste(ACCENT, (x0, y0), last)
    for p in TRAILHEADS:
        x, y = to(p)
        s.circle(x, y, 5.5, fill=WHITE)
        s.circle(x, y, 3, fill=PRIMARY)
    fx, fy = to(PEAK_IN_STRIP)
    s.circle(fx, fy, 15, fill=alpha(ACCENT, 0.25))
    s.circle(fx, fy, 10.5, fill=ACCENT)
    icon_flag(s, fx + 0.5, fy, SECONDARY)


def season(t: dict[str, object]) -> Screen:
    """The season's log, the app's proof of results: where the hikes went (the map of their routes),
    how many and how far, the weekends in a row, three stat tiles and the latest hikes."""
    s = Screen(t, BG)
    s.status_bar()

    s.text(24, 100, s.s("season"), "black", 30, INK, max_w=290)
    s.text(24, 124, s.s("period"), "text", 15, MUTED, max_w=290)
    s.circle(350, 90, 20, fill=CARD)
    icon_share(s, 350, 90, INK)

    # the headline: the map of the season's routes over its figures
    hero = (16.0, 142.0, 374.0, 424.0)
    s.gradient(hero, [(26, 84, 64), SECONDARY, SECONDARY], r=28, angle=90)
    season_map(s)
    if s.rtl:  # a map keeps its orientation (the screen's flip turns it back)
        box = _box(STRIP)
        s.img.paste(s.img.crop(box).transpose(Image.Transpose.FLIP_LEFT_RIGHT), box[:2])
    place = s.s("location")
    pw = min(s.width(place, "bold", 12), 200) + 36
    s.rect((30, 156, 30 + pw, 182), fill=alpha(SECONDARY, 0.72), r=13)
    icon_pin(s, 43, 166.5, 4.5, ACCENT, SECONDARY)
    s.text(53, 173.5, place, "bold", 12, WHITE, max_w=200)

    s.text(36, 288, s.s("season_label"), "heavy", 11.5, ACCENT, tracking=1.2, max_w=300)
    pre, _, post = s.s("hikes_n").partition("{}")
    kpre, _, kpost = s.s("km").partition("{}")
    line = ((pre, False), ("14", True), (post, False), ("  ·  ", False), (kpre, False), (num(s, 126), True))
    figures(s, 36, 326, (*line, (kpost, False)), 36, 18, 318)
    icon_ascent(s, 44, 345, ACCENT)
    s.text(58, 350, s.s("climbed").format(metres(s, 8940)), "bold", 14, (214, 236, 224), max_w=290)
    s.rect((36, 366, 354, 366.8), fill=alpha(WHITE, 0.12))
    s.circle(46, 386, 10, fill=ACCENT)
    icon_flag(s, 46.5, 386, SECONDARY)
    s.text(64, 391, s.s("streak").format(12), "bold", 14, WHITE, max_w=290)
    n, gap = 16, 4.0
    seg = (318 - gap * (n - 1)) / n
    for i in range(n):
        x = 36 + i * (seg + gap)
        fill = alpha(WHITE, 0.14) if i < n - 12 else ACCENT if i == n - 1 else mix(PRIMARY, WHITE, 0.25)
        s.rect((x, 402, x + seg, 410), fill=fill, r=4)

    # three tiles: the highest summit, the hours out, the trails new to them (one a weekend)
    labels = tup(s, "season_tiles")
    tiles = (
        (metres(s, PEAK[1]), labels[0], "peak"),
        (s.s("hours").format(46), labels[1], "clock"),
        ("12", labels[2], "trail"),
    )
    tw = (358 - 2 * 10) / 3
    for i, (value, label, icon) in enumerate(tiles):
        x0 = 16 + i * (tw + 10)
        s.rect((x0, 438, x0 + tw, 530), fill=CARD, r=20)
        ix, iy = x0 + 28, 465.0
        if icon == "peak":
            s.circle(ix, iy, 15, fill=MINT)
            icon_ascent(s, ix, iy, PRIMARY)
        elif icon == "clock":
            s.circle(ix, iy, 15, fill=(255, 243, 210))
            icon_clock_big(s, ix, iy, (210, 140, 0))
        else:
            s.circle(ix, iy, 15, fill=MINT)
            icon_route(s, ix, iy, PRIMARY)
        s.text(x0 + 13, 506, value, "black", 20, INK, max_w=tw - 22)
        s.text(x0 + 13, 522, label, "text", 12, MUTED, max_w=tw - 21)

    # the latest hikes
    s.rect((16, 544, 374, 748), fill=CARD, r=24)
    more = s.s("see_all")
    mw = s.text(358, 573, more, "bold", 13.5, PRIMARY, anchor="rs", max_w=110)
    s.text(32, 573, s.s("recent"), "heavy", 17, INK, max_w=358 - mw - 16 - 32)
    for i, (tr, day) in enumerate(
        zip((TRAILS[2], TRAILS[0], TRAILS[3]), tup(s, "recent_dates"), strict=True)
    ):
        top = 589.0 + i * 52
        if i:
            s.rect((88, top - 5, 358, top - 4.2), fill=HAIR)
        photo(s, tr[1], (32, top, 76, top + 44), 12, tr[2])
        dist, up = km(s, tr[3]), metres(s, tr[4])
        rw = max(s.width(dist, "heavy", 15), s.width(up, "text", 12.5))
        s.text(358, top + 19, dist, "heavy", 15, INK, anchor="rs")
        s.text(358, top + 37, up, "text", 12.5, MUTED, anchor="rs")
        s.text(88, top + 19, tr[0], "bold", 15.5, INK, max_w=358 - rw - 12 - 88)
        s.text(88, top + 37, day, "text", 12.5, MUTED, max_w=358 - rw - 12 - 88)

    tab_bar(s, 3)
    return s


SCREENS = (
    ("01_nearby.png", nearby, True),
    ("02_weekend_plan.png", weekend_plan, True),
    ("03_trail_map.png", trail_map, False),  # light tints only: no dithering noise
    ("04_season.png", season, True),
)


# Colours a screen's palette always holds (a small blue dot must not turn grey).
FIXED: tuple[RGB, ...] = (
    PRIMARY, SECONDARY, ACCENT, WHITE, BG, MUTED, HAIR, MINT, STAR, WATER, (36, 120, 230), (0, 0, 0),
    ON_DARK, (150, 100, 0), (255, 243, 210), (150, 164, 158),
)  # fmt: skip


def save(s: Screen, path: Path, dither: bool = True) -> int:
    """The screen at @2x (the canvas is drawn at 6 pixels per point and scaled down) as a 256-colour
    PNG: a median-cut palette of the screen plus the FIXED colours, dithered where photos and dark
    gradients need it (a third of the size of a full-colour PNG)."""
    s.finish()
    out = s.img.resize(OUT_SIZE, Image.Resampling.LANCZOS)
    n = 256 - len(FIXED)
    palette = out.quantize(n, method=Image.Quantize.MEDIANCUT).getpalette() or []
    holder = Image.new("P", (1, 1))
    holder.putpalette(palette[: n * 3] + [v for c in FIXED for v in c])
    mode = Image.Dither.FLOYDSTEINBERG if dither else Image.Dither.NONE
    out = out.quantize(palette=holder, dither=mode)
    path.parent.mkdir(parents=True, exist_ok=True)
    out.save(path, format="PNG", optimize=True)
    return path.stat().st_size


def main(argv: list[str], out: Path = OUT) -> None:
    langs = argv or list(STRINGS)
    for lang in langs:
        t = strings(lang)
        for name, build, dither in SCREENS:
            path = out / name if lang == "en" else out / lang / name  # English: where callers look
            size = save(build(t), path, dither)
            print(f"{path}: {size / 1024:.0f} KB")


if __name__ == "__main__":
    main(sys.argv[1:])
