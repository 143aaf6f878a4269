

# The words of an @input counted to the conviction the case asks about (s. 348.21(4): "within a given
# 12-month period"), which no case can have yet: a case gives that count to the incident, and the
# answer assumes this case's conviction comes in time (answer/timing.py; `reasoner vocab` says so).
PENDING = "to the current conviction"
