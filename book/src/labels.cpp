// The book's words per language (labels.hpp).
#include "sudokit/book/labels.hpp"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <set>

#include "spelling_rules.hpp"
#include "sudokit/book/book.hpp"

#include <algorithm>

namespace sudokit::book {

namespace {

using Field = std::string Labels::*;

// Every pattern field, by its key in a label file.
const std::vector<std::pair<const char*, Field>>& fields() {
  static const std::vector<std::pair<const char*, Field>> all = {
      {"puzzle", &Labels::puzzle},
      {"puzzles", &Labels::puzzles},
      {"puzzles_range", &Labels::puzzles_range},
      {"rated", &Labels::rated},
      {"rated_range", &Labels::rated_range},
      {"rating", &Labels::rating},
      {"solutions", &Labels::solutions},
      {"solutions_of", &Labels::solutions_of},
      {"contents", &Labels::contents},
      {"how_to_play", &Labels::how_to_play},
      {"rules", &Labels::rules},
      {"rules_boxes", &Labels::rules_boxes},
      {"rules_jigsaw", &Labels::rules_jigsaw},
      {"rules_latin", &Labels::rules_latin},
      {"rules_end", &Labels::rules_end},
      {"pencil", &Labels::pencil},
      {"solutions_start", &Labels::solutions_start},
      {"the_levels", &Labels::the_levels},
      {"in_this_book", &Labels::in_this_book},
      {"in_this_book_one", &Labels::in_this_book_one},
      {"rating_scale", &Labels::rating_scale},
      {"one_puzzle", &Labels::one_puzzle},
      {"n_puzzles", &Labels::n_puzzles},
      {"all_of_level", &Labels::all_of_level},
      {"by_level", &Labels::by_level},
      {"numbered", &Labels::numbered},
      {"decimal_point", &Labels::decimal_point},
  };
  return all;
}

// The {names} in a pattern.
std::set<std::string> placeholders(std::string_view s) {
  std::set<std::string> out;
  for (std::size_t at = s.find('{'); at != std::string_view::npos; at = s.find('{', at + 1)) {
    const std::size_t end = s.find('}', at);
    if (end == std::string_view::npos) break;
    out.emplace(s.substr(at + 1, end - at - 1));
  }
  return out;
}

Labels english() {
  Labels l;
  l.levels = {{"easy", "Easy"},     {"medium", "Medium"},   {"hard", "Hard"},         {"diabolical", "Diabolical"},
              {"expert", "Expert"}, {"extreme", "Extreme"}, {"nightmare", "Nightmare"}};
  // What each level's ER range (grader::default_levels) admits on the
  // Sudoku Explainer scale, said as a solver would.
  l.level_notes = {
      {"easy", "The last empty cell of a row, column or box, and digits with one place left in a box."},
      {"medium", "Digits with one place left in a row or column, and cells with one digit left."},
      {"hard", "Candidates to rule out before a digit can be placed: digits locked in a box or a line, pairs and "
               "triples, X-Wing and Swordfish, XY- and XYZ-Wings."},
      {"diabolical", "Harder patterns and short chains: quads, Jellyfish, unique rectangles, X- and XY-chains."},
      {"expert", "Forcing chains: following what one candidate forces through the grid."},
      {"extreme", "Nested and dynamic forcing chains, for experienced solvers."},
      {"nightmare", "Among the hardest puzzles known: chains within chains."},
  };
  l.variant_rules = {
      {"x", "Each of the two main diagonals (shaded) also holds each symbol once."},
      {"windows", "Each of the four shaded windows also holds each symbol once."},
      {"disjoint", "The cells at the same place in their boxes (the same small mark in the corner) also hold each symbol once: the nine top-left cells of the boxes, and so on."},
      {"centre-dot", "The nine cells with a grey disc, the centres of the boxes, also hold each symbol once."},
      {"girandola", "The nine shaded cells of the girandola also hold each symbol once."},
      {"asterisk", "The nine shaded cells of the asterisk also hold each symbol once."},
      {"anti-knight", "Two cells a chess knight's move apart never hold the same symbol."},
      {"anti-king", "Two cells that touch, even only at a corner (a chess king's move), never hold the same symbol."},
      {"toroidal", "These moves wrap around the edges: the grid goes on at the opposite side."},
      {"nc", "Two cells side by side (sharing an edge) never hold consecutive numbers, such as 4 and 5."},
      {"nc+", "Two cells side by side (sharing an edge) never hold consecutive numbers, such as 4 and 5, nor the largest number and 1."},
  };
  return l;
}

Labels german() {
  Labels l = english();
  l.decimal_point = ",";
  l.puzzle = "R\xC3\xA4tsel {n}";
  l.puzzles = "R\xC3\xA4tsel";
  l.puzzles_range = "R\xC3\xA4tsel {first} bis {last}";
  l.rated = "Bewertung {lo}";
  l.rated_range = "Bewertung {lo} bis {hi}";
  l.rating = "Bewertung {r}";
  l.solutions = "L\xC3\xB6sungen";
  l.solutions_of = "L\xC3\xB6sungen: {level}";
  l.contents = "Inhalt";
  l.how_to_play = "Spielregeln";
  l.rules = "F\xC3\xBCllen Sie das Gitter so aus, dass jede Zeile, jede Spalte und jeder 3\xC2\xA0\xC3\x97\xC2\xA0" "3-Block "
            "jede Ziffer von 1 bis 9 genau einmal enth\xC3\xA4lt. Die vorgegebenen Ziffern bleiben stehen. Jedes "
            "R\xC3\xA4tsel hat genau eine L\xC3\xB6sung, und sie l\xC3\xA4sst sich allein durch Nachdenken finden: "
            "Raten ist nie n\xC3\xB6tig.";
  l.pencil = "Notieren Sie in jedem Feld die Ziffern, die dort noch m\xC3\xB6glich sind; eine Ziffer, die in einer "
             "Zeile, einer Spalte oder einem Block nur noch einen Platz hat, geh\xC3\xB6rt dorthin, und ein Feld mit nur "
             "einer m\xC3\xB6glichen Ziffer bekommt sie.";
  l.solutions_start = "Die L\xC3\xB6sungen beginnen auf Seite {page}.";
  l.the_levels = "Die Schwierigkeitsgrade";
  l.in_this_book = "In diesem Buch: Bewertung {lo} bis {hi}.";
  l.in_this_book_one = "In diesem Buch: Bewertung {lo}.";
  l.rating_scale =
      "Die Bewertungen folgen der Skala des Sudoku Explainer, die R\xC3\xA4tselmacher gemeinsam nutzen: ein "
      "R\xC3\xA4tsel wird nach dem schwersten Schritt bewertet, den seine L\xC3\xB6sung braucht, von 1,0 (das "
      "letzte freie Feld einer Zeile) \xC3\xBC" "ber 2,5 (ab hier helfen Notizen) bis 10 und mehr f\xC3\xBCr die "
      "schwersten bekannten R\xC3\xA4tsel.";
  l.one_puzzle = "1 R\xC3\xA4tsel";
  l.n_puzzles = "{n} R\xC3\xA4tsel";
  l.all_of_level = "{count}, alle {level}";
  l.numbered = "{count} (Nummern {first} bis {last})";
  l.levels = {{"easy", "Leicht"},   {"medium", "Mittel"}, {"hard", "Schwer"},        {"diabolical", "Teuflisch"},
              {"expert", "Experte"}, {"extreme", "Extrem"}, {"nightmare", "Albtraum"}};
  l.level_notes = {
      {"easy", "Das letzte freie Feld einer Zeile, Spalte oder eines Blocks, und Ziffern mit nur einem m\xC3\xB6glichen "
               "Platz in einem Block."},
      {"medium", "Ziffern mit nur einem m\xC3\xB6glichen Platz in einer Zeile oder Spalte, und Felder mit nur einer "
                 "m\xC3\xB6glichen Ziffer."},
      {"hard", "Kandidaten, die man ausschlie\xC3\x9F" "en muss, bevor eine Ziffer gesetzt werden kann: in einem Block "
               "oder einer Linie gebundene Ziffern, Paare und Tripel, X-Wing und Swordfish, XY- und XYZ-Wing."},
      {"diabolical", "Schwierigere Muster und kurze Ketten: Quadrupel, Jellyfish, eindeutige Rechtecke, X- und "
                     "XY-Ketten."},
      {"expert", "Erzwingende Ketten: verfolgen, was ein Kandidat im ganzen Gitter erzwingt."},
      {"extreme", "Verschachtelte und dynamische erzwingende Ketten, f\xC3\xBCr erfahrene L\xC3\xB6ser."},
      {"nightmare", "Unter den schwersten bekannten R\xC3\xA4tseln: Ketten in Ketten."},
  };
  l.rules_boxes = "F\xC3\xBCllen Sie das Gitter so aus, dass jede Zeile, jede Spalte und jeder {box}-Block jedes der Zeichen {symbols} genau einmal enth\xC3\xA4lt.";
  l.rules_jigsaw = "F\xC3\xBCllen Sie das Gitter so aus, dass jede Zeile, jede Spalte und jedes fett umrandete Gebiet jedes der Zeichen {symbols} genau einmal enth\xC3\xA4lt.";
  l.rules_latin = "F\xC3\xBCllen Sie das Gitter so aus, dass jede Zeile und jede Spalte jedes der Zeichen {symbols} genau einmal enth\xC3\xA4lt.";
  l.rules_end = "Die vorgegebenen Zeichen bleiben stehen. Jedes R\xC3\xA4tsel hat genau eine L\xC3\xB6sung, und sie l\xC3\xA4sst sich allein durch Nachdenken finden: Raten ist nie n\xC3\xB6tig.";
  l.variant_rules = {
      {"x", "Auch jede der beiden grau unterlegten Hauptdiagonalen enth\xC3\xA4lt jedes Zeichen einmal."},
      {"windows", "Auch jedes der vier grau unterlegten Fenster enth\xC3\xA4lt jedes Zeichen einmal."},
      {"disjoint", "Auch die Felder an derselben Stelle ihres Blocks (dieselbe kleine Marke in der Ecke) enthalten jedes Zeichen einmal: die neun Felder oben links in den Bl\xC3\xB6" "cken, und so fort."},
      {"centre-dot", "Auch die neun Felder mit grauem Kreis, die Mitten der Bl\xC3\xB6" "cke, enthalten jedes Zeichen einmal."},
      {"girandola", "Auch die neun grau unterlegten Felder der Girandola enthalten jedes Zeichen einmal."},
      {"asterisk", "Auch die neun grau unterlegten Felder des Sterns enthalten jedes Zeichen einmal."},
      {"anti-knight", "Zwei Felder, die einen R\xC3\xB6sselsprung voneinander entfernt sind, enthalten nie dasselbe Zeichen."},
      {"anti-king", "Zwei Felder, die sich ber\xC3\xBChren, auch nur an einer Ecke (ein Zug des K\xC3\xB6nigs), enthalten nie dasselbe Zeichen."},
      {"toroidal", "Diese Z\xC3\xBCge gehen \xC3\xBC" "ber den Rand hinaus: das Gitter setzt sich auf der gegen\xC3\xBC" "berliegenden Seite fort."},
      {"nc", "Zwei nebeneinander liegende Felder (mit gemeinsamer Kante) enthalten nie aufeinanderfolgende Zahlen wie 4 und 5."},
      {"nc+", "Zwei nebeneinander liegende Felder (mit gemeinsamer Kante) enthalten nie aufeinanderfolgende Zahlen wie 4 und 5, auch nicht die gr\xC3\xB6\xC3\x9Fte Zahl und 1."},
  };
  return l;
}

Labels french() {
  Labels l = english();
  l.decimal_point = ",";
  const std::string nb = "\xC2\xA0";  // French sets a no-break space before ':'
  l.puzzle = "Grille {n}";
  l.puzzles = "Grilles";
  l.puzzles_range = "Grilles {first} \xC3\xA0 {last}";
  l.rated = "note {lo}";
  l.rated_range = "notes de {lo} \xC3\xA0 {hi}";
  l.rating = "note {r}";
  l.solutions = "Solutions";
  l.solutions_of = "Solutions" + nb + ": {level}";
  l.contents = "Sommaire";
  l.how_to_play = "R\xC3\xA8gles du jeu";
  l.rules = "Remplissez la grille de sorte que chaque ligne, chaque colonne et chaque carr\xC3\xA9 de 3\xC2\xA0\xC3\x97\xC2\xA0"
            "3 contienne une fois chacun des chiffres de 1 \xC3\xA0 9. Les chiffres donn\xC3\xA9s au d\xC3\xA9part ne "
            "changent pas. Chaque grille a une seule solution, que l'on trouve par la seule logique" + nb +
            ": il n'est jamais n\xC3\xA9" "cessaire de deviner.";
  l.pencil = "Notez dans chaque case les chiffres encore possibles" + nb + "; un chiffre qui n'a plus qu'une place "
             "dans une ligne, une colonne ou un carr\xC3\xA9 s'y inscrit, et une case qui n'a plus qu'un candidat le "
             "re\xC3\xA7oit.";
  l.solutions_start = "Les solutions commencent page {page}.";
  l.the_levels = "Les niveaux";
  l.in_this_book = "Dans ce livre" + nb + ": notes de {lo} \xC3\xA0 {hi}.";
  l.in_this_book_one = "Dans ce livre" + nb + ": note {lo}.";
  l.rating_scale =
      "Les notes suivent l\xE2\x80\x99\xC3\xA9" "chelle de Sudoku Explainer, celle que partagent les auteurs de "
      "grilles" + nb + ": une grille est not\xC3\xA9" "e selon l\xE2\x80\x99\xC3\xA9tape la plus difficile "
      "qu\xE2\x80\x99" "exige sa solution, de 1,0 (la derni\xC3\xA8re case vide d\xE2\x80\x99une ligne) \xC3\xA0 "
      "2,5 (o\xC3\xB9 les annotations commencent \xC3\xA0 servir) et jusqu\xE2\x80\x99\xC3\xA0 10 et plus pour "
      "les grilles les plus difficiles connues.";
  l.one_puzzle = "1 grille";
  l.n_puzzles = "{n} grilles";
  l.all_of_level = "{count}, toutes de niveau {level}";
  l.by_level = "{count}" + nb + ": {levels}";
  l.numbered = "{count} (num\xC3\xA9ros {first} \xC3\xA0 {last})";
  l.levels = {{"easy", "Facile"},   {"medium", "Moyen"},       {"hard", "Difficile"}, {"diabolical", "Diabolique"},
              {"expert", "Expert"}, {"extreme", "Extr\xC3\xAAme"}, {"nightmare", "Cauchemar"}};
  l.level_notes = {
      {"easy", "La derni\xC3\xA8re case libre d'une ligne, d'une colonne ou d'un carr\xC3\xA9, et les chiffres qui "
               "n'ont plus qu'une place dans un carr\xC3\xA9."},
      {"medium", "Les chiffres qui n'ont plus qu'une place dans une ligne ou une colonne, et les cases qui n'ont plus "
                 "qu'un chiffre possible."},
      {"hard", "Des candidats \xC3\xA0 \xC3\xA9liminer avant de placer un chiffre" + nb + ": chiffres bloqu\xC3\xA9s "
               "dans un carr\xC3\xA9 ou une ligne, paires et triplets, X-Wing et Swordfish, XY-Wing et XYZ-Wing."},
      {"diabolical", "Des motifs plus difficiles et des cha\xC3\xAEnes courtes" + nb + ": quadruplets, Jellyfish, "
                     "rectangles uniques, cha\xC3\xAEnes X et XY."},
      {"expert", "Des cha\xC3\xAEnes de for\xC3\xA7" "age" + nb + ": suivre ce qu'un candidat impose dans toute la grille."},
      {"extreme", "Des cha\xC3\xAEnes de for\xC3\xA7" "age imbriqu\xC3\xA9" "es et dynamiques, pour joueurs aguerris."},
      {"nightmare", "Parmi les grilles les plus difficiles connues" + nb + ": des cha\xC3\xAEnes dans des cha\xC3\xAEnes."},
  };
  l.rules_boxes = "Remplissez la grille de sorte que chaque ligne, chaque colonne et chaque carr\xC3\xA9 de {box} contienne une fois chacun des symboles {symbols}.";
  l.rules_jigsaw = "Remplissez la grille de sorte que chaque ligne, chaque colonne et chaque r\xC3\xA9gion entour\xC3\xA9" "e d'un trait \xC3\xA9pais contienne une fois chacun des symboles {symbols}.";
  l.rules_latin = "Remplissez la grille de sorte que chaque ligne et chaque colonne contienne une fois chacun des symboles {symbols}.";
  l.rules_end = "Les symboles donn\xC3\xA9s au d\xC3\xA9part ne changent pas. Chaque grille a une seule solution, que l'on trouve par la seule logique\xC2\xA0: il n'est jamais n\xC3\xA9" "cessaire de deviner.";
  l.variant_rules = {
      {"x", "Chacune des deux grandes diagonales (gris\xC3\xA9" "es) contient aussi une fois chaque symbole."},
      {"windows", "Chacune des quatre fen\xC3\xAAtres gris\xC3\xA9" "es contient aussi une fois chaque symbole."},
      {"disjoint", "Les cases plac\xC3\xA9" "es au m\xC3\xAAme endroit dans leur carr\xC3\xA9 (la m\xC3\xAAme petite marque dans le coin) contiennent aussi une fois chaque symbole\xC2\xA0: les neuf cases en haut \xC3\xA0 gauche des carr\xC3\xA9s, et ainsi de suite."},
      {"centre-dot", "Les neuf cases marqu\xC3\xA9" "es d'un disque gris, au centre des carr\xC3\xA9s, contiennent aussi une fois chaque symbole."},
      {"girandola", "Les neuf cases gris\xC3\xA9" "es de la girandole contiennent aussi une fois chaque symbole."},
      {"asterisk", "Les neuf cases gris\xC3\xA9" "es de l'ast\xC3\xA9risque contiennent aussi une fois chaque symbole."},
      {"anti-knight", "Deux cases s\xC3\xA9par\xC3\xA9" "es par un saut de cavalier (aux \xC3\xA9" "checs) ne contiennent jamais le m\xC3\xAAme symbole."},
      {"anti-king", "Deux cases qui se touchent, m\xC3\xAAme par un coin seulement (un pas de roi aux \xC3\xA9" "checs), ne contiennent jamais le m\xC3\xAAme symbole."},
      {"toroidal", "Ces sauts passent par les bords\xC2\xA0: la grille continue du c\xC3\xB4t\xC3\xA9 oppos\xC3\xA9."},
      {"nc", "Deux cases voisines (par un c\xC3\xB4t\xC3\xA9) ne contiennent jamais deux nombres cons\xC3\xA9" "cutifs, comme 4 et 5."},
      {"nc+", "Deux cases voisines (par un c\xC3\xB4t\xC3\xA9) ne contiennent jamais deux nombres cons\xC3\xA9" "cutifs, comme 4 et 5, ni le plus grand nombre et 1."},
  };
  return l;
}

Labels spanish() {
  Labels l = english();
  l.decimal_point = ",";
  l.puzzle = "Sudoku {n}";
  l.puzzles = "Sudokus";
  l.puzzles_range = "Sudokus {first} a {last}";
  l.rated = "puntuaci\xC3\xB3n {lo}";
  l.rated_range = "puntuaci\xC3\xB3n de {lo} a {hi}";
  l.rating = "puntuaci\xC3\xB3n {r}";
  l.solutions = "Soluciones";
  l.solutions_of = "Soluciones: {level}";
  l.contents = "\xC3\x8D" "ndice";
  l.how_to_play = "C\xC3\xB3mo se juega";
  l.rules = "Rellena la cuadr\xC3\xAD" "cula de modo que cada fila, cada columna y cada caja de 3\xC2\xA0\xC3\x97\xC2\xA0"
            "3 contenga una vez cada d\xC3\xADgito del 1 al 9. Los d\xC3\xADgitos dados al principio no cambian. "
            "Cada sudoku tiene una \xC3\xBAnica soluci\xC3\xB3n, y se encuentra razonando: nunca hace falta adivinar.";
  l.pencil = "Anota en cada casilla los d\xC3\xADgitos que a\xC3\xBAn caben en ella; un d\xC3\xADgito que solo tiene "
             "un sitio libre en una fila, columna o caja va ah\xC3\xAD, y una casilla con un solo candidato lo recibe.";
  l.solutions_start = "Las soluciones empiezan en la p\xC3\xA1gina {page}.";
  l.the_levels = "Los niveles";
  l.in_this_book = "En este libro: puntuaci\xC3\xB3n de {lo} a {hi}.";
  l.in_this_book_one = "En este libro: puntuaci\xC3\xB3n {lo}.";
  l.rating_scale =
      "Las puntuaciones siguen la escala de Sudoku Explainer, la que comparten los autores de sudokus: un sudoku se "
      "punt\xC3\xBA" "a por el paso m\xC3\xA1s dif\xC3\xAD" "cil que exige su soluci\xC3\xB3n, desde 1,0 (la "
      "\xC3\xBAltima casilla vac\xC3\xAD" "a de una fila) pasando por 2,5 (donde las anotaciones empiezan a ayudar) "
      "hasta 10 o m\xC3\xA1s para los sudokus m\xC3\xA1s dif\xC3\xAD" "ciles que se conocen.";
  l.one_puzzle = "1 sudoku";
  l.n_puzzles = "{n} sudokus";
  l.all_of_level = "{count}, todos de nivel {level}";
  l.numbered = "{count} (n\xC3\xBAmeros {first} a {last})";
  l.levels = {{"easy", "F\xC3\xA1" "cil"},  {"medium", "Medio"},     {"hard", "Dif\xC3\xAD" "cil"},
              {"diabolical", "Diab\xC3\xB3lico"}, {"expert", "Experto"}, {"extreme", "Extremo"},
              {"nightmare", "Pesadilla"}};
  l.level_notes = {
      {"easy", "La \xC3\xBAltima casilla libre de una fila, columna o caja, y los d\xC3\xADgitos que solo tienen un "
               "sitio en una caja."},
      {"medium", "Los d\xC3\xADgitos que solo tienen un sitio en una fila o columna, y las casillas con un solo "
                 "d\xC3\xADgito posible."},
      {"hard", "Candidatos que hay que descartar antes de colocar un d\xC3\xADgito: d\xC3\xADgitos bloqueados en una "
               "caja o una l\xC3\xADnea, parejas y tr\xC3\xADos, X-Wing y Swordfish, XY-Wing y XYZ-Wing."},
      {"diabolical", "Patrones m\xC3\xA1s dif\xC3\xAD" "ciles y cadenas cortas: cuartetos, Jellyfish, "
                     "rect\xC3\xA1ngulos \xC3\xBAnicos, cadenas X y XY."},
      {"expert", "Cadenas de forzado: seguir lo que un candidato obliga en toda la cuadr\xC3\xAD" "cula."},
      {"extreme", "Cadenas de forzado anidadas y din\xC3\xA1micas, para jugadores expertos."},
      {"nightmare", "Entre los sudokus m\xC3\xA1s dif\xC3\xAD" "ciles que se conocen: cadenas dentro de cadenas."},
  };
  l.rules_boxes = "Rellena la cuadr\xC3\xAD" "cula de modo que cada fila, cada columna y cada caja de {box} contenga una vez cada uno de los s\xC3\xADmbolos {symbols}.";
  l.rules_jigsaw = "Rellena la cuadr\xC3\xAD" "cula de modo que cada fila, cada columna y cada regi\xC3\xB3n bordeada con trazo grueso contenga una vez cada uno de los s\xC3\xADmbolos {symbols}.";
  l.rules_latin = "Rellena la cuadr\xC3\xAD" "cula de modo que cada fila y cada columna contenga una vez cada uno de los s\xC3\xADmbolos {symbols}.";
  l.rules_end = "Los s\xC3\xADmbolos dados al principio no cambian. Cada sudoku tiene una \xC3\xBAnica soluci\xC3\xB3n, y se encuentra razonando: nunca hace falta adivinar.";
  l.variant_rules = {
      {"x", "Cada una de las dos diagonales principales (sombreadas) tambi\xC3\xA9n contiene una vez cada s\xC3\xADmbolo."},
      {"windows", "Cada una de las cuatro ventanas sombreadas tambi\xC3\xA9n contiene una vez cada s\xC3\xADmbolo."},
      {"disjoint", "Las casillas situadas en el mismo lugar de su caja (la misma marca peque\xC3\xB1" "a en la esquina) tambi\xC3\xA9n contienen una vez cada s\xC3\xADmbolo: las nueve casillas de arriba a la izquierda de las cajas, y as\xC3\xAD sucesivamente."},
      {"centre-dot", "Las nueve casillas con un disco gris, los centros de las cajas, tambi\xC3\xA9n contienen una vez cada s\xC3\xADmbolo."},
      {"girandola", "Las nueve casillas sombreadas de la gir\xC3\xA1ndula tambi\xC3\xA9n contienen una vez cada s\xC3\xADmbolo."},
      {"asterisk", "Las nueve casillas sombreadas del asterisco tambi\xC3\xA9n contienen una vez cada s\xC3\xADmbolo."},
      {"anti-knight", "Dos casillas separadas por un salto de caballo (del ajedrez) nunca contienen el mismo s\xC3\xADmbolo."},
      {"anti-king", "Dos casillas que se tocan, aunque sea solo por una esquina (un paso de rey del ajedrez), nunca contienen el mismo s\xC3\xADmbolo."},
      {"toroidal", "Estos saltos atraviesan los bordes: la cuadr\xC3\xAD" "cula contin\xC3\xBA" "a por el lado opuesto."},
      {"nc", "Dos casillas vecinas (que comparten un lado) nunca contienen n\xC3\xBAmeros consecutivos, como 4 y 5."},
      {"nc+", "Dos casillas vecinas (que comparten un lado) nunca contienen n\xC3\xBAmeros consecutivos, como 4 y 5, ni el n\xC3\xBAmero mayor y el 1."},
  };
  return l;
}

}  // namespace

std::string Labels::level(std::string_view name) const {
  if (const auto it = levels.find(name); it != levels.end()) return it->second;
  return display_level(std::string(name));
}

std::string Labels::level_note(std::string_view name) const {
  if (const auto it = level_notes.find(name); it != level_notes.end()) return it->second;
  return "";
}

std::string Labels::rules_for(const Geometry& geometry, Symbols symbols) const {
  if (geometry.classic()) return rules;
  const int n = geometry.size();
  const std::string dash = "\xE2\x80\x93";  // an en dash: "1–6" reads the same in every language
  auto range = [&](int from, int to) { return symbol_text(from, n, symbols) + dash + symbol_text(to, n, symbols); };
  const bool split = symbols == Symbols::kDigits && n > 9;  // 1-9, then letters
  const std::string said = split ? range(1, 9) + ", " + range(10, n) : range(1, n);
  std::string out;
  if (geometry.box_rows() != 0)
    out = fill(rules_boxes, {{"box", std::to_string(geometry.box_rows()) + "\xC2\xA0\xC3\x97\xC2\xA0" +
                                         std::to_string(geometry.box_cols())},
                             {"symbols", said}});
  else if (!geometry.region_of().empty()) out = fill(rules_jigsaw, {{"symbols", said}});
  else out = fill(rules_latin, {{"symbols", said}});
  // The extra rules in spelling order (geometry.hpp: canonical order).
  for (const std::string& rule : spelling_rules(geometry))
    if (const auto it = variant_rules.find(rule); it != variant_rules.end()) out += " " + it->second;
  return out + " " + rules_end;
}

std::string Labels::rating_text(double rating) const {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", rating);
  std::string out = buf;
  if (const std::size_t dot = out.find('.'); dot != std::string::npos) out.replace(dot, 1, decimal_point);
  return out;
}

std::vector<std::pair<std::string_view, const std::string*>> Labels::patterns() const {
  std::vector<std::pair<std::string_view, const std::string*>> out;
  for (const auto& [key, field] : fields()) out.emplace_back(key, &(this->*field));
  return out;
}

std::vector<std::string> label_languages() { return {"en", "de", "fr", "es"}; }

std::optional<Labels> labels_for(std::string_view language) {
  if (language == "en") return english();
  if (language == "de") return german();
  if (language == "fr") return french();
  if (language == "es") return spanish();
  return std::nullopt;
}

bool read_labels(std::string_view json, Labels& labels, std::string& error) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(json);
  } catch (const nlohmann::json::parse_error& e) {
    error = std::string("not JSON: ") + e.what();
    return false;
  }
  if (!j.is_object()) {
    error = "a label file is a JSON object of label names and texts";
    return false;
  }
  Labels out = labels;
  const Labels reference;  // the placeholders each pattern must keep
  for (const auto& [key, value] : j.items()) {
    if (key == "levels" || key == "level_notes" || key == "variant_rules") {
      if (!value.is_object()) {
        error = key + (key == "variant_rules" ? ": expected an object of rule name -> text" : ": expected an object of level name -> text");
        return false;
      }
      auto& map = key == "levels" ? out.levels : key == "level_notes" ? out.level_notes : out.variant_rules;
      for (const auto& [level, text] : value.items()) {
        if (!text.is_string()) {
          error = key + "." + level + ": expected a string";
          return false;
        }
        map[level] = text.get<std::string>();
      }
      continue;
    }
    const auto it = std::find_if(fields().begin(), fields().end(), [&](const auto& f) { return key == f.first; });
    if (it == fields().end()) {
      error = "unknown label '" + key + "'";
      return false;
    }
    if (!value.is_string()) {
      error = key + ": expected a string";
      return false;
    }
    const std::string text = value.get<std::string>();
    const auto want = placeholders(reference.*(it->second)), have = placeholders(text);
    if (want != have) {
      std::string names;
      for (const auto& n : want) names += (names.empty() ? "{" : ", {") + n + "}";
      error = key + ": the text must hold " + (names.empty() ? std::string("no {placeholder}") : names) +
              ", no more and no fewer";
      return false;
    }
    out.*(it->second) = text;
  }
  labels = std::move(out);
  return true;
}

std::string fill(std::string_view pattern, std::initializer_list<std::pair<std::string_view, std::string>> values) {
  std::string out;
  for (std::size_t i = 0; i < pattern.size();) {
    if (pattern[i] == '{') {
      const std::size_t end = pattern.find('}', i);
      if (end != std::string_view::npos) {
        const std::string_view name = pattern.substr(i + 1, end - i - 1);
        const auto it = std::find_if(values.begin(), values.end(), [&](const auto& v) { return v.first == name; });
        if (it != values.end()) {
          out += it->second;
          i = end + 1;
          continue;
        }
      }
    }
    out += pattern[i++];
  }
  return out;
}

}  // namespace sudokit::book
