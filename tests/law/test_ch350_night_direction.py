"""s. 350.02(2)(b): travel adjacent to a roadway -- direction at night (focus), distance, median,
access, speed.

Every test asserts the verdict and the provisions cited / not cited.
"""
import pytest

from test_ch350_support import adjacent, case, check, night_against_traffic, stating

B4 = "350.02(2)(b)4"
B4A = "350.02(2)(b)4.a"
B4C = "350.02(2)(b)4.c"
B3 = "350.02(2)(b)3"
B1 = "350.02(2)(b)1"
B5 = "350.02(2)(b)5"
B6 = "350.02(2)(b)6"
UTIL = "350.045"

AND_READING = ("Subd. 4.b is not in the excerpt; the exception is read as needing "
               "both 4.a and 4.c (4.a ends with \"and\")")
DIRECTION_Q = "whether op1 travelled in the direction of vehicular traffic in the nearest lane"
NIGHT_Q = "whether op1 took place at night (during the hours of darkness)"
V_B4 = f'violation(op1, "{B4}")'


# -- (b)3 daylight and the basic (b)4 rule ----------------------------------------------------

# -- 4.a: 40 feet, on and either side; the head lamp barrier ----------------------------------

# -- 4.c: who approves ------------------------------------------------------------------------

# -- undetermined -----------------------------------------------------------------------------

# -- public utility work ----------------------------------------------------------------------

# -- (b)1 distance from the roadway: 10 feet, on and either side; highway classes ------------

# -- (b)5 access where immediate access is impracticable -------------------------------------

# -- (b)6 roadway speed limits ----------------------------------------------------------------

